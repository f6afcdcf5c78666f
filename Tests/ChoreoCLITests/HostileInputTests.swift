import Foundation
import Testing

// A hostile pull request controls the scene files and their names (docs/security.md): lint must
// read only what belongs to the directory it walks, report what it cannot read, and print
// nothing a terminal or the Actions runner would obey.

/// `scenes/env.yaml -> /proc/self/environ` made `lint scenes` quote the CI job's environment.
@Test func aLinkOutOfTheWalkedDirectoryIsAnErrorAndNotRead() throws {
    let sandbox = try Sandbox()
    try sandbox.write("scenes/ok.yaml", Scenes.dot(named: "ok"))
    try sandbox.write("secret.txt", "choreo: 1\nTOKEN=hunter2\n")
    try FileManager.default.createSymbolicLink(atPath: sandbox.url("scenes/env.yaml").path, withDestinationPath: "../secret.txt")
    let result = try sandbox.run(["lint", "scenes"])
    #expect(result.status != 0, "\(result)")
    #expect(result.stderr.contains("scenes/env.yaml") && result.stderr.contains("outside 'scenes'"), "\(result)")
    #expect(!result.stdout.contains("hunter2") && !result.stderr.contains("hunter2"), "\(result)")
}

/// A link inside the walked directory to a file inside it is fine.
@Test func aLinkWithinTheWalkedDirectoryIsFollowed() throws {
    let sandbox = try Sandbox()
    try sandbox.write("scenes/ok.yaml", Scenes.dot(named: "ok"))
    try FileManager.default.createSymbolicLink(atPath: sandbox.url("scenes/alias.yaml").path, withDestinationPath: "ok.yaml")
    let result = try sandbox.run(["lint", "--strict", "scenes"])
    #expect(result.status == 0, "\(result)")
}

/// Dangling and looping links and names that are not UTF-8 were skipped, so `lint --strict` passed.
@Test(arguments: ["dangling", "loop", "non-utf8"])
func anUnreadableSceneEntryIsReportedNotSkipped(_ kind: String) throws {
    let sandbox = try Sandbox()
    try sandbox.write("scenes/ok.yaml", Scenes.dot(named: "ok"))
    switch kind {
    case "dangling":
        try FileManager.default.createSymbolicLink(atPath: sandbox.url("scenes/gone.yaml").path, withDestinationPath: "nowhere.yaml")
    case "loop":
        try FileManager.default.createSymbolicLink(atPath: sandbox.url("scenes/loop.yaml").path, withDestinationPath: "loop.yaml")
    default:
        let bytes = Array((sandbox.url("scenes").path + "/bad").utf8) + [0xFF] + Array(".yaml".utf8) + [0]
        let fd = bytes.withUnsafeBufferPointer { pointer in
            pointer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { open($0, O_CREAT | O_WRONLY, 0o644) }
        }
        try #require(fd >= 0)
        close(fd)
    }
    let result = try sandbox.run(["lint", "--strict", "scenes"])
    #expect(result.status != 0, "\(result)")
    let expected = ["dangling": "dangling symbolic link", "loop": "symbolic link loop", "non-utf8": "not valid UTF-8"][kind]!
    #expect(result.stderr.contains(expected), "\(result)")
}

/// A FIFO or a device is not a scene: a clear message, no blocking, no "permission".
@Test func aFIFOOrADeviceIsNotARegularFile() throws {
    let sandbox = try Sandbox()
    #expect(mkfifo(sandbox.url("pipe.yaml").path, 0o644) == 0)
    for path in [sandbox.url("pipe.yaml").path, "/dev/zero"] {
        let result = try sandbox.run(["lint", path])
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("not a regular file"), "\(result)")
    }
}

/// Keys and file names with ESC, CR, LF, OSC and bidi controls are shown escaped in the text
/// format, and no output line can start with `::` (a workflow command) in any format.
@Test(arguments: ["text", "github"])
func controlCharactersInKeysAndFileNamesAreEscaped(_ format: String) throws {
    let sandbox = try Sandbox()
    let name = "::error file=x::a\u{1B}]52;c;aGk=\u{7}\u{202E}.yaml"
    try sandbox.write(name, "choreo: 1\nsize: [10, 10]\nlayers:\n  - id: a\n    shape: rect\n    size: [1, 1]\n    \"k\\e[2J\\r\\n::stop-commands::x\\u2028\": 1\n")
    let result = try sandbox.run(["lint", "--format", format, name])
    #expect(result.status == 1, "\(result)")
    let controls = result.stdout.unicodeScalars.filter {
        ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || [0x2028, 0x2029, 0x202E].contains($0.value)
    }
    #expect(controls.isEmpty, "\(result)")
    for line in result.stdout.split(separator: "\n") where format == "text" {
        #expect(!line.hasPrefix("::"), "\(line)")
    }
    if format == "github" {
        for line in result.stdout.split(separator: "\n") { #expect(line.hasPrefix("::error file=%3A%3Aerror"), "\(line)") }
    }
}
