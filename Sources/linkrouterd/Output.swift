#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum StandardError {
    static func write(_ text: String) {
        var text = text
        fflush(nil)
        text.withUTF8 { bytes in _ = Glibc.write(2, bytes.baseAddress, bytes.count) }
    }
}

enum StandardOutput {
    static func write(_ bytes: [UInt8]) {
        fflush(nil)
        bytes.withUnsafeBufferPointer { buffer in _ = Glibc.write(1, buffer.baseAddress, buffer.count) }
    }
}

enum FileSystem {
    static func isReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }
}
