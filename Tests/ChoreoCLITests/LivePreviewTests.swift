import ChoreoTestSupport
import Foundation
import Testing

// `choreo preview --serve` and `choreo compile --watch` end to end: the real binary, real HTTP
// over a raw socket (URLSession would normalise the hostile paths before sending them).

/// A running `choreo` whose stdout is collected as it arrives.
final class RunningChoreo: @unchecked Sendable {
    let process = Process()
    private let output = Pipe()
    private let lock = NSLock()
    private var received = Data()

    /// `mergingErrors`: stderr goes to `stdout` too (else it is dropped).
    init(_ arguments: [String], in directory: URL, mergingErrors: Bool = false) throws {
        let binary = try #require(choreoExecutable, "the choreo binary was not found")
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = mergingErrors ? output : FileHandle.nullDevice
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.lock()
            self.received.append(data)
            self.lock.unlock()
        }
        try process.run()
    }

    deinit {
        output.fileHandleForReading.readabilityHandler = nil
        if process.isRunning { process.terminate() }
    }

    var stdout: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: received, as: UTF8.self)
    }

    /// Waits until `condition` holds, polling every 20 ms; false after `timeout`.
    func waitUntil(_ timeout: Duration = .seconds(20), _ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return condition()
    }

    /// Sends SIGINT and waits for the exit; the status, or nil if it was still running after `timeout`.
    func interrupt(within timeout: Duration) -> Int32? {
        kill(process.processIdentifier, SIGINT)
        guard waitUntil(timeout, { !process.isRunning }) else { return nil }
        return process.terminationStatus
    }
}

struct HTTPReply {
    var status: Int
    var head: String
    var body: String
}

/// Sends `request` as written to 127.0.0.1:`port` and reads the reply until the server closes.
func rawHTTP(port: Int, _ request: String) throws -> HTTPReply {
    let descriptor = try connectToLoopback(port: port)
    defer { close(descriptor) }
    let bytes = Array(request.utf8)
    var offset = 0
    while offset < bytes.count {
        let sent = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if sent <= 0 { break }
        offset += sent
    }
    var reply: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = recv(descriptor, &buffer, buffer.count, 0)
        if count <= 0 { break }
        reply.append(contentsOf: buffer[0..<count])
    }
    let text = String(decoding: reply, as: UTF8.self)
    let split = text.range(of: "\r\n\r\n")
    let head = split.map { String(text[..<$0.lowerBound]) } ?? text
    let body = split.map { String(text[$0.upperBound...]) } ?? ""
    let statusField = head.split(separator: " ").dropFirst().first.map(String.init) ?? ""
    return HTTPReply(status: Int(statusField) ?? -1, head: head, body: body)
}

/// A TCP connection to 127.0.0.1:`port`, with a 5 s receive timeout.
func connectToLoopback(port: Int) throws -> Int32 {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    try #require(descriptor >= 0)
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    if connected != 0 { close(descriptor) }
    try #require(connected == 0, "cannot connect to port \(port)")
    return descriptor
}

func get(_ port: Int, _ target: String, method: String = "GET", host: String = "127.0.0.1") throws -> HTTPReply {
    try rawHTTP(port: port, "\(method) \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\n\r\n")
}

/// Starts `preview --serve --port 0` on `file` and returns it with the port it printed.
func startServer(_ sandbox: Sandbox, _ file: String) throws -> (RunningChoreo, Int) {
    let server = try RunningChoreo(["preview", file, "--serve", "--port", "0"], in: sandbox.root)
    let printed = server.waitUntil { server.stdout.contains("serving http://127.0.0.1:") }
    try #require(printed, "no serving line; stdout: \(server.stdout)")
    let line = try #require(server.stdout.split(separator: "\n").first { $0.hasPrefix("serving http://127.0.0.1:") })
    let port = try #require(Int(line.dropFirst("serving http://127.0.0.1:".count).prefix { $0.isNumber }))
    try #require(port > 0)
    return (server, port)
}

/// Replaces a file as editors do: a new file renamed over the old one.
func replaceByRename(_ sandbox: Sandbox, _ path: String, _ text: String) throws {
    try sandbox.write(path + ".tmp~", text)
    try #require(rename(sandbox.url(path + ".tmp~").path, sandbox.url(path).path) == 0)
}

@Suite("preview --serve and compile --watch")
struct LivePreviewTests {
    @Test func servesThePageAndNothingElse() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scene.yaml", Scenes.dot)
        let (server, port) = try startServer(sandbox, "scene.yaml")

        let page = try get(port, "/")
        #expect(page.status == 200)
        #expect(page.head.contains("Content-Type: text/html; charset=utf-8"))
        #expect(page.head.contains("X-Content-Type-Options: nosniff"))
        #expect(page.head.contains("Cache-Control: no-store"))
        #expect(page.body.contains("Choreo preview"))
        #expect(page.body.contains("fetch(\"/version\""))
        #expect(try get(port, "/version").body == "1")
        let head = try get(port, "/", method: "HEAD")
        #expect(head.status == 200 && head.body.isEmpty)

        for target in ["/../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/scene.yaml", "/./scene.yaml",
                       "http://127.0.0.1/etc/passwd", "//etc/passwd", "/index.html", "*"] {
            let reply = try get(port, target)
            #expect(reply.status == 404, "\(target): \(reply.head)")
            #expect(!reply.body.contains("root:"), "\(target)")
        }
        let post = try rawHTTP(port: port, "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n")
        #expect(post.status == 405)
        #expect(post.head.contains("Allow: GET, HEAD"))
        #expect(try get(port, "/", host: "attacker.example").status == 403)
        #expect(try get(port, "/", host: "localhost").status == 200)
        #expect(try rawHTTP(port: port, "GET / HTTP/1.1\r\nX-Big: \(String(repeating: "a", count: 10_000))\r\n\r\n").status == 431)
        #expect(try rawHTTP(port: port, "nonsense\r\n\r\n").status == 400)
        // The server still answers after all that.
        #expect(try get(port, "/").status == 200)
        #expect(server.process.isRunning)
    }

    @Test func listensOnLoopbackOnly() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scene.yaml", Scenes.dot)
        let (server, port) = try startServer(sandbox, "scene.yaml")
        defer { withExtendedLifetime(server) {} }
        // /proc/net/tcp lists every IPv4 socket: the listening one (state 0A) for this port must be
        // bound to 127.0.0.1 (0100007F, little-endian), not 0.0.0.0.
        // The kernel builds the table page by page while sockets come and go (other tests), so a
        // read can miss a line: read again until the listening socket shows up.
        let portHex = String(format: ":%04X", port)
        var listening: [[Substring]] = []
        for _ in 0..<20 where listening.isEmpty {
            let table = String(decoding: FileHandle(forReadingAtPath: "/proc/net/tcp")?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
            listening = table.split(separator: "\n").map { $0.split(separator: " ") }
                .filter { $0.count > 3 && $0[1].hasSuffix(portHex) && $0[3] == "0A" }
            if listening.isEmpty { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(listening.count == 1)
        #expect(listening.first?[1] == "0100007F\(portHex)")
        let sixTable = (try? String(contentsOfFile: "/proc/net/tcp6", encoding: .utf8)) ?? ""
        #expect(!sixTable.split(separator: "\n").contains { $0.split(separator: " ").count > 3 && $0.split(separator: " ")[1].hasSuffix(portHex) && $0.split(separator: " ")[3] == "0A" })
    }

    @Test func reloadsOnChangeShowsEscapedErrorsAndRecovers() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scene.yaml", Scenes.dot)
        let (server, port) = try startServer(sandbox, "scene.yaml")
        #expect(try get(port, "/version").body == "1")

        let hostile = Scenes.broken.replacingOccurrences(of: "rotaton: 45deg", with: "rotaton: 45deg  # </pre><script>alert(1)</script>")
        try replaceByRename(sandbox, "scene.yaml", hostile)
        #expect(server.waitUntil(.seconds(2)) { (try? get(port, "/version").body) == "2" }, "the version did not change within 2 s")
        let failing = try get(port, "/")
        #expect(failing.status == 200)
        #expect(failing.body.contains("The scene has errors"))
        #expect(failing.body.contains("rotaton"))
        #expect(failing.body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!failing.body.contains("<script>alert(1)"))
        #expect(!failing.body.contains("Choreo preview"))

        try sandbox.write("scene.yaml", Scenes.dot(named: "fixed"))
        #expect(server.waitUntil(.seconds(2)) { (try? get(port, "/version").body) == "3" })
        let fixed = try get(port, "/")
        #expect(fixed.body.contains("Choreo preview"))
        #expect(fixed.body.contains("fixed"))
        #expect(!fixed.body.contains("The scene has errors"))
    }

    @Test func stopsCleanlyOnInterrupt() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scene.yaml", Scenes.dot)
        let (server, port) = try startServer(sandbox, "scene.yaml")
        #expect(try get(port, "/").status == 200)
        let started = ContinuousClock.now
        #expect(server.interrupt(within: .seconds(2)) == 0)
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(server.process.terminationReason == .exit)
    }

    @Test func stopsCleanlyOnTerminate() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scene.yaml", Scenes.dot)
        let (server, _) = try startServer(sandbox, "scene.yaml")
        server.process.terminate()
        #expect(server.waitUntil(.seconds(2)) { !server.process.isRunning })
        #expect(server.process.terminationStatus == 0)
    }

    @Test func aPortInUseIsAnErrorNotAHang() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scene.yaml", Scenes.dot)
        let (server, port) = try startServer(sandbox, "scene.yaml")
        let second = try sandbox.run(["preview", "scene.yaml", "--serve", "--port", "\(port)"])
        #expect(second.status == 1, "\(second)")
        #expect(second.stderr.contains("cannot listen on 127.0.0.1:\(port)"), "\(second)")
        #expect(second.stdout.isEmpty)
        #expect(server.process.isRunning)
    }

    @Test(arguments: [
        ["preview", "scene.yaml", "--serve", "-o", "out"],
        ["preview", "scene.yaml", "--serve", "--port", "65536"],
        ["preview", "scene.yaml", "--serve", "--port", "-1"],
        ["preview", "scene.yaml", "--serve", "--port", "http"],
        ["preview", "scene.yaml", "--port", "8080"],
        ["preview", "scene.yaml", "--read-only"],
        ["preview", "scene.yaml", "-o", "out", "--read-only"],
        ["preview", "scene.yaml"],
    ])
    func serveUsageErrors(_ arguments: [String]) throws {
        let sandbox = try Sandbox()
        try sandbox.write("scene.yaml", Scenes.dot)
        let result = try sandbox.run(arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty)
    }

    @Test func compileWatchRecompilesOnChange() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scene.yaml", Scenes.dot)
        let watcher = try RunningChoreo(["compile", "scene.yaml", "--watch", "-o", "out"], in: sandbox.root)
        func wroteLines() -> Int { watcher.stdout.split(separator: "\n").filter { $0.hasPrefix("wrote ") }.count }
        #expect(watcher.waitUntil { wroteLines() == 2 }, "stdout: \(watcher.stdout)")
        #expect(sandbox.exists("out/dot.json"))

        try replaceByRename(sandbox, "scene.yaml", Scenes.dot(named: "renamed"))
        #expect(watcher.waitUntil(.seconds(3)) { wroteLines() == 4 }, "stdout: \(watcher.stdout)")
        #expect(sandbox.exists("out/renamed.json"))

        // A save with an error writes nothing and does not stop the watch; the fix is compiled.
        try sandbox.write("scene.yaml", Scenes.broken(named: "renamed"))
        Thread.sleep(forTimeInterval: 0.8)
        #expect(wroteLines() == 4)
        #expect(watcher.process.isRunning)
        try sandbox.write("scene.yaml", Scenes.dot(named: "again"))
        #expect(watcher.waitUntil(.seconds(3)) { wroteLines() == 6 }, "stdout: \(watcher.stdout)")
        #expect(sandbox.exists("out/again.json"))
        #expect(watcher.process.isRunning)
        #expect(watcher.interrupt(within: .seconds(2)) == 0)
    }

    /// 16 clients sending their request heads a byte every half second held every slot: the 5 s
    /// timeout was per `recv`. It is a deadline for the whole head, so after it the server
    /// answers again while they still drip.
    @Test func slowDripClientsCannotHoldEverySlot() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scene.yaml", Scenes.dot)
        let (server, port) = try startServer(sandbox, "scene.yaml")
        let started = ContinuousClock.now
        let drippers = try (0..<16).map { _ in try connectToLoopback(port: port) }
        defer { for dripper in drippers { close(dripper) } }
        func drip() {
            for dripper in drippers { _ = send(dripper, "G", 1, Int32(MSG_NOSIGNAL)) }
        }
        drip()
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try get(port, "/version").status == -1, "every slot is taken: the server closes the 17th connection")
        var answered = false
        while !answered, ContinuousClock.now - started < .seconds(9) {
            drip()
            Thread.sleep(forTimeInterval: 0.5)
            if ContinuousClock.now - started > .seconds(5.5) { answered = try get(port, "/version").status == 200 }
        }
        #expect(answered, "still refused after \(ContinuousClock.now - started)")
        #expect(server.interrupt(within: .seconds(2)) == 0)
    }

    /// Checking out a hostile branch under `compile --watch DIR` replaces a scene by a link out of
    /// the directory: the watch compiled what it pointed at and quoted it in an excerpt. A round
    /// walks the directory again, so the link is refused as a plain run refuses it.
    @Test func compileWatchRefusesASceneReplacedByALinkOutOfTheDirectory() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenes/a.yaml", Scenes.dot(named: "a"))
        try sandbox.write("private/secret.yaml", "choreo: 1\nname: s\nsize: [10, 10]\nTOKEN-1234: x\n")
        let watcher = try RunningChoreo(["compile", "scenes", "--watch", "-o", "out"], in: sandbox.root, mergingErrors: true)
        #expect(watcher.waitUntil { watcher.stdout.contains("watching 1 scene") }, "\(watcher.stdout)")
        try #require(symlink("../private/secret.yaml", sandbox.url("scenes/link~").path) == 0)
        try #require(rename(sandbox.url("scenes/link~").path, sandbox.url("scenes/a.yaml").path) == 0)
        #expect(watcher.waitUntil(.seconds(5)) { watcher.stdout.contains("only links within the directory are followed") }, "\(watcher.stdout)")
        #expect(!watcher.stdout.contains("TOKEN-1234"), "\(watcher.stdout)")
        #expect(!sandbox.exists("out/s.json"))
        #expect(watcher.interrupt(within: .seconds(2)) == 0)
    }
}
