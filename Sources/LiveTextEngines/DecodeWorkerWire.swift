import Foundation
import LiveTextCore
#if canImport(Glibc)
import Glibc
#endif

/// What a decode worker and its parent say to each other over their socket: a request of fixed
/// size, a reply of fixed size and a message after it. The encoded bytes and the pixels do not
/// go through the socket but through two memfds the worker got when it was started (its fds 4
/// and 5): the parent writes the encoded bytes into the first, the worker the RGBA into the second.
enum DecodeWorkerWire {
    /// The worker's descriptors: the socket, the encoded bytes, the pixels.
    static let socketFD: Int32 = 3
    static let inputFD: Int32 = 4
    static let outputFD: Int32 = 5

    struct Request: Equatable {
        var encodedBytes: Int
        var maxPixels: Int
        var cpuSeconds: Int
        /// The address space the worker may grow by during the decode.
        var addressSpaceBytes: Int

        var encoded: [UInt8] { words([Self.magic, encodedBytes, maxPixels, cpuSeconds, addressSpaceBytes]) }
        static let size = 40
        static let magic = 0x6C74_6463_0001  // "ltdc", version 1

        init(encodedBytes: Int, maxPixels: Int, cpuSeconds: Int, addressSpaceBytes: Int) {
            self.encodedBytes = encodedBytes
            self.maxPixels = maxPixels
            self.cpuSeconds = cpuSeconds
            self.addressSpaceBytes = addressSpaceBytes
        }

        init?(_ bytes: [UInt8]) {
            let w = values(bytes)
            guard w.count == 5, w[0] == Self.magic, w[1...].allSatisfy({ $0 >= 0 }) else { return nil }
            self.init(encodedBytes: w[1], maxPixels: w[2], cpuSeconds: w[3], addressSpaceBytes: w[4])
        }
    }

    /// A decode's outcome: the size of the RGBA in the output memfd, or an error.
    struct Reply: Equatable {
        var width = 0
        var height = 0
        /// Nil for pixels; else the error's code and remedy (their indices in `allCases`, +1).
        var error: LiveTextError?

        static let headerSize = 40

        var encoded: [UInt8] {
            let message = Array((error?.message ?? "").utf8.prefix(4096))
            let code = error.flatMap { e in LiveTextError.Code.allCases.firstIndex(of: e.code).map { $0 + 1 } } ?? 0
            let remedy = error?.remedy.flatMap { r in LiveTextError.Remedy.allCases.firstIndex(of: r).map { $0 + 1 } } ?? 0
            return words([width, height, code, remedy, message.count]) + message
        }

        /// The header's fields: the message's length comes last.
        static func decode(header: [UInt8], message: [UInt8]) -> Reply? {
            let w = values(header)
            guard w.count == 5, w.allSatisfy({ $0 >= 0 }) else { return nil }
            var reply = Reply(width: w[0], height: w[1])
            let codes = LiveTextError.Code.allCases, remedies = LiveTextError.Remedy.allCases
            if w[2] > 0 {
                guard w[2] <= codes.count, w[3] <= remedies.count else { return nil }
                let remedy = w[3] > 0 ? remedies[w[3] - 1] : nil
                reply.error = LiveTextError(codes[w[2] - 1], String(decoding: message, as: UTF8.self), remedy: remedy)
            }
            return reply
        }

        static func messageLength(header: [UInt8]) -> Int { values(header).last ?? 0 }
    }

    private static func words(_ values: [Int]) -> [UInt8] {
        values.flatMap { value in (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    }

    private static func values(_ bytes: [UInt8]) -> [Int] {
        stride(from: 0, to: bytes.count - 7, by: 8).map { start in
            (0..<8).reduce(0) { $0 | Int(bytes[start + $1]) << (8 * $1) }
        }
    }
}
