import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the harness could not do what a test asked.
struct LiveTestError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}

/// The built `linkrouterd` and the package it belongs to.
enum Binaries {
    /// The package root: this file is `Tests/LinkRouterLiveTests/Daemon.swift`.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The sample table every daemon starts from (a copy of it).
    static var sampleConfig: String { packageRoot + "/config/routes.yaml" }

    /// `linkrouterd`, found once: next to the test bundle (`swift build --build-tests` puts every product
    /// in one directory), else in `swift build --show-bin-path`.
    static let linkrouterd: Result<String, LiveTestError> = locate()

    /// The executable's path, or a clear failure.
    static func executable() throws -> String { try linkrouterd.get() }

    private static func locate() -> Result<String, LiveTestError> {
        var directories: [String] = []
        if let first = CommandLine.arguments.first {
            let bundle = URL(fileURLWithPath: first).resolvingSymlinksInPath()
            directories.append(bundle.deletingLastPathComponent().path)
            // On Darwin the runner is inside PackageTests.xctest/Contents/MacOS.
            directories.append(bundle.deletingLastPathComponent().deletingLastPathComponent().path)
        }
        directories.append(Bundle.main.bundleURL.deletingLastPathComponent().path)
        directories.append(Bundle.main.bundleURL.path)
        for directory in directories where access(directory + "/linkrouterd", X_OK) == 0 {
            return .success(directory + "/linkrouterd")
        }
        if let binPath = showBinPath(), access(binPath + "/linkrouterd", X_OK) == 0 {
            return .success(binPath + "/linkrouterd")
        }
        return .failure(
            LiveTestError(
                "linkrouterd is not built: looked in \(directories) and in `swift build --show-bin-path`; "
                    + "run `swift build --build-tests` first"
            )
        )
    }

    /// `swift build --show-bin-path` run in the package root, or nil.
    private static func showBinPath() -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "--show-bin-path"]
        process.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}

/// A temporary directory holding a copy of `config/routes.yaml`; removed when released.
final class Workspace: Sendable {
    let path: String

    init() throws {
        path =
            URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("linkrouter-live-" + UUID().uuidString)
            .path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: Binaries.sampleConfig, toPath: config)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The daemon's config file (a copy of the sample table).
    var config: String { path + "/routes.yaml" }

    func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` to `name` in this directory (atomically, so a reload never reads half a file).
    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)), options: .atomic)
    }

    func read(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: file(name))), as: UTF8.self)
    }
}

/// Everything a child process writes to one pipe, read on a thread of its own so the child never blocks.
final class OutputCapture: Sendable {
    private let bytes = Mutex<[UInt8]>([])
    private let finished = Atomic<Bool>(false)

    /// Starts draining `pipe`; the thread ends at end of file, or once `closeAfter` has been read, and
    /// then closes the reading end (so the child's next write to it fails with EPIPE).
    init(_ pipe: Pipe, closeAfter marker: String? = nil) {
        let handle = pipe.fileHandleForReading
        let thread = Thread { [self] in
            let fd = handle.fileDescriptor
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                bytes.withLock { $0.append(contentsOf: chunk[..<count]) }
                if let marker, completeLines.contains(where: { $0.hasPrefix(marker) }) { break }
            }
            try? handle.close()  // here, not earlier: the descriptor is never closed under a read
            finished.store(true, ordering: .releasing)
        }
        thread.start()
    }

    var text: String { bytes.withLock { String(decoding: $0, as: UTF8.self) } }

    /// The lines read so far that have their newline (a line may arrive in pieces).
    var completeLines: [Substring] {
        Array(text.split(separator: "\n", omittingEmptySubsequences: false).dropLast())
    }

    var isFinished: Bool { finished.load(ordering: .acquiring) }
}

/// How a child process ended.
struct Exit: Equatable, CustomStringConvertible {
    /// The exit code, or the number of the signal that killed it.
    var status: Int32
    var bySignal: Bool

    static func code(_ status: Int32) -> Exit { Exit(status: status, bySignal: false) }

    var description: String { bySignal ? "killed by signal \(status)" : "exit \(status)" }
}

/// Polls `condition` every 5 ms until it holds or `seconds` pass, without holding a thread.
func eventually(within seconds: Double = 5, _ condition: () throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int(seconds * 1000)))
    while ContinuousClock.now < deadline {
        if try condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return try condition()
}

/// A running `linkrouterd serve` on 127.0.0.1 with kernel-picked public and admin ports.
///
/// The process is killed (SIGKILL) and reaped when the value is released, whatever the test did, so
/// no daemon outlives its test.
final class Daemon {
    let workspace: Workspace
    let arguments: [String]
    private let process = Process()
    let standardOutput: OutputCapture
    let standardError: OutputCapture
    private(set) var publicPort = 0
    private(set) var adminPort = 0

    /// Starts `linkrouterd serve --config <workspace copy> --host 127.0.0.1 --port 0 --admin-port 0`
    /// plus `extra`, and waits (up to `timeout` seconds) until it has printed both bound ports.
    /// With `closeStandardOutput`, the test stops reading standard output once both ports are printed
    /// and closes its end of the pipe, as a log reader that goes away would.
    init(
        _ extra: [String] = [],
        in workspace: Workspace? = nil,
        closeStandardOutput: Bool = false,
        timeout: Double = 15
    ) async throws {
        self.workspace = try workspace ?? Workspace()
        arguments =
            [
                "serve", "--config", self.workspace.config, "--host", "127.0.0.1", "--port", "0",
                "--admin-port", "0", "--threads", "2",
            ] + extra
        process.executableURL = URL(fileURLWithPath: try Binaries.executable())
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: self.workspace.path)
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        standardOutput = OutputCapture(out, closeAfter: closeStandardOutput ? "linkrouterd: admin  http" : nil)
        standardError = OutputCapture(err)
        try await waitForPorts(timeout: timeout)
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    var pid: Int32 { process.processIdentifier }

    var isRunning: Bool { process.isRunning }

    /// Sends `signal` (SIGTERM, SIGINT, SIGHUP, ...) to the daemon.
    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits up to `seconds` for the process to end; nil if it is still running then.
    func waitForExit(within seconds: Double) async -> Exit? {
        guard await eventually(within: seconds, { !process.isRunning }) else { return nil }
        process.waitUntilExit()  // returns at once; makes the status final
        return Exit(status: process.terminationStatus, bySignal: process.terminationReason == .uncaughtSignal)
    }

    /// Sends SIGTERM and waits for a clean exit; what the daemon said so far, for failure messages.
    @discardableResult
    func stop(within seconds: Double = 12) async throws -> Exit {
        send(SIGTERM)
        guard let exit = await waitForExit(within: seconds) else {
            throw LiveTestError("linkrouterd did not exit within \(seconds) s of SIGTERM\n\(transcript)")
        }
        return exit
    }

    /// Standard output and error, for failure messages.
    var transcript: String { "stdout:\n\(standardOutput.text)\nstderr:\n\(standardError.text)" }

    /// One request on a fresh connection (closed afterwards).
    func request(
        _ method: String,
        _ path: String,
        json: String? = nil,
        body: String? = nil,
        headers: [(String, String)] = [],
        admin: Bool = false
    ) throws -> HTTPResponse {
        let connection = try HTTPConnection(port: admin ? adminPort : publicPort)
        var fields = headers
        var payload: [UInt8] = []
        if let json {
            fields.append(("Content-Type", "application/json"))
            payload = Array(json.utf8)
        } else if let body {
            payload = Array(body.utf8)
        }
        return try connection.send(method, path, headers: fields, body: payload, close: true)
    }

    private func waitForPorts(timeout: Double) async throws {
        let found = await eventually(within: timeout) {
            parsePorts()
            return (publicPort != 0 && adminPort != 0) || !process.isRunning
        }
        guard found, publicPort != 0, adminPort != 0 else {
            throw LiveTestError("linkrouterd \(arguments) did not print both ports\n\(transcript)")
        }
    }

    /// Reads `linkrouterd: public http://HOST:PORT` and `linkrouterd: admin  http://HOST:PORT`.
    private func parsePorts() {
        for line in standardOutput.completeLines {
            guard line.hasPrefix("linkrouterd: "), let colon = line.lastIndex(of: ":"),
                let port = Int(line[line.index(after: colon)...])
            else { continue }
            if line.hasPrefix("linkrouterd: public http://") { publicPort = port }
            if line.hasPrefix("linkrouterd: admin  http://") { adminPort = port }
        }
    }
}

/// Runs `linkrouterd ARGUMENTS` to the end (up to `seconds`) and returns how it ended and its output.
func runLinkrouterd(_ arguments: [String], within seconds: Double = 10) async throws -> (exit: Exit, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try Binaries.executable())
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = out
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let capture = OutputCapture(out)
    defer {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
    guard await eventually(within: seconds, { !process.isRunning }) else {
        throw LiveTestError("linkrouterd \(arguments) still runs after \(seconds) s\n\(capture.text)")
    }
    process.waitUntilExit()
    _ = await eventually(within: 2) { capture.isFinished }
    let exit = Exit(status: process.terminationStatus, bySignal: process.terminationReason == .uncaughtSignal)
    return (exit, capture.text)
}

/// A value several threads share under a lock.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) { mutex = Mutex(value) }

    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R { try mutex.withLock { try body(&$0) } }

    var value: Value { mutex.withLock { $0 } }
}

/// Runs `body` on `count` threads of its own (not the test's cooperative pool, which has one thread
/// per core), released together, and returns their results in order.
func onThreads<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) throws -> T) async throws -> [T] {
    let results = Locked<[Int: Result<T, any Error>]>([:])
    let start = DispatchSemaphore(value: 0)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let remaining = Locked(count)
        for index in 0..<count {
            let thread = Thread {
                start.wait()
                let result = Result { try body(index) }
                results.withLock { $0[index] = result }
                if remaining.withLock({
                    $0 -= 1; return $0
                }) == 0 {
                    continuation.resume()
                }
            }
            thread.start()
        }
        for _ in 0..<count { start.signal() }
    }
    return try results.withLock { all in try (0..<count).map { try all[$0]!.get() } }
}
