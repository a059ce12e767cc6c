import Foundation
import Testing

/// The daemon's allocator: on Linux `linkrouterd` links mimalloc ahead of libc, so that it serves
/// every malloc of the process (libmicrohttpd's and the Swift runtime's too). A build that lost the
/// link, or a loader that resolved malloc elsewhere, would still work, only slower: this is where
/// that shows.
@Suite struct AllocatorTests {
    #if os(Linux)
    @Test func theRunningDaemonHasMimallocMapped() async throws {
        let daemon = try await Daemon()
        // Read to the end: procfs files have no size, and a read sized by it stops short.
        let file = try #require(FileHandle(forReadingAtPath: "/proc/\(daemon.pid)/maps"))
        let maps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        #expect(maps.contains("libmimalloc.so"), "libmimalloc is not mapped in linkrouterd")
        // And it takes the requests: the daemon answers after allocating through it.
        let connection = try HTTPConnection(port: daemon.publicPort)
        #expect(try connection.send("GET", "/healthz").status == 200)
    }

    @Test func mallocResolvesToMimallocBeforeLibc() throws {
        let path = try Binaries.executable()
        let needed = try Self.neededLibraries(of: path)
        let mimalloc = needed.firstIndex { $0.hasPrefix("libmimalloc.so") }
        let libc = needed.firstIndex { $0.hasPrefix("libc.so") }
        #expect(mimalloc != nil, "linkrouterd does not list libmimalloc: \(needed)")
        if let mimalloc, let libc { #expect(mimalloc < libc, "libc comes before libmimalloc: \(needed)") }
    }

    /// The `DT_NEEDED` entries of an ELF file, in order, as `readelf -d` prints them.
    static func neededLibraries(of path: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["readelf", "-d", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["),
                let close = line.lastIndex(of: "]")
            else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }
    #endif
}
