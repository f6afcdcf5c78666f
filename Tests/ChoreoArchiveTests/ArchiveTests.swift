import ChoreoArchive
import Foundation
import Testing

/// The containers are checked by an independent reader, Python's `zipfile` and `gzip` modules
/// (the interpreter Debian ships), not by our own code read backwards.
@Suite struct ArchiveTests {
    @Test func crc32MatchesTheStandardCheckValue() {
        #expect(crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(crc32([]) == 0)
    }

    @Test func zipEntriesReadBackInOrderWithTheirMethods() throws {
        var zip = ZipArchive()
        let json = Array(String(repeating: "{\"layers\":[1,2,3]},", count: 200).utf8)
        zip.add(path: "manifest.json", data: Array("{\"version\":\"2\"}".utf8))
        zip.add(path: "s/état.json", data: Array("é".utf8), method: .stored)
        zip.add(path: "a/scene.json", data: json)
        let report = try readWithPython(zip.bytes(), script: """
            import zipfile, sys, io
            z = zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read()))
            assert z.testzip() is None
            for i in z.infolist():
                print(i.filename, i.compress_type, i.file_size, i.date_time, len(z.read(i)))
            """)
        #expect(report == """
            manifest.json 8 15 (1980, 1, 1, 0, 0, 0) 15
            s/état.json 0 2 (1980, 1, 1, 0, 0, 0) 2
            a/scene.json 8 3800 (1980, 1, 1, 0, 0, 0) 3800

            """)
    }

    @Test func zipContentIsPreservedByteForByte() throws {
        var zip = ZipArchive()
        let data = (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 7) }
        zip.add(path: "a/b.bin", data: data)
        let hex = try readWithPython(zip.bytes(), script: """
            import zipfile, sys, io
            print(zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read())).read("a/b.bin").hex())
            """)
        #expect(hex == data.map { String(format: "%02x", $0) }.joined() + "\n")
    }

    @Test func sameInputGivesTheSameBytes() {
        func archive() -> [UInt8] {
            var zip = ZipArchive()
            zip.add(path: "a/x.json", data: Array(String(repeating: "abc", count: 100).utf8))
            return zip.bytes()
        }
        #expect(archive() == archive())
        #expect(Gzip.compress(Array("same".utf8)) == Gzip.compress(Array("same".utf8)))
    }

    @Test func gzipReadsBackWithAZeroTimestamp() throws {
        let text = String(repeating: "{\"tgs\":1,\"fr\":60}", count: 50)
        let report = try readWithPython(Gzip.compress(Array(text.utf8)), script: """
            import gzip, sys, struct
            data = sys.stdin.buffer.read()
            assert struct.unpack("<I", data[4:8])[0] == 0
            print(len(gzip.decompress(data)), gzip.decompress(data)[:8].decode())
            """)
        #expect(report == "\(text.utf8.count) {\"tgs\":1\n")
    }

    @Test func emptyDataStillMakesValidMembers() throws {
        var zip = ZipArchive()
        zip.add(path: "empty.json", data: [])
        let report = try readWithPython(zip.bytes(), script: """
            import zipfile, sys, io
            z = zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read()))
            print(z.testzip(), len(z.read("empty.json")))
            """)
        #expect(report == "None 0\n")
        #expect(Gzip.compress([]).count == 20)
    }
}

/// `ZipArchive.add` traps past what ZIP without ZIP64 addresses; `canHold` says so first, so the
/// CLI fails an oversized `.lottie` as an output error (its temporary removed) instead of
/// stopping the process with the temporary left behind.
@Test func canHoldRefusesMembersAZipWithoutZip64CannotAddress() {
    #expect(ZipArchive.canHold([("manifest.json", 100), ("a/x.json", 50_000_000)]))
    #expect(!ZipArchive.canHold([("a/x.json", ZipArchive.maximumSize)]))
    #expect(!ZipArchive.canHold([("t/a.json", 2_200_000_000), ("t/b.json", 2_200_000_000)]))
    #expect(!ZipArchive.canHold(Array(repeating: ("t/a.json", 1), count: ZipArchive.maximumEntries)))
    #expect(ZipArchive.canHold([]))
}

private func readWithPython(_ bytes: [UInt8], script: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data(bytes))
    try input.fileHandleForWriting.close()
    let result = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "python3 could not read the container")
    return String(decoding: result, as: UTF8.self)
}
