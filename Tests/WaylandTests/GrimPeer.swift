import Foundation
import LiveTextCore
import TestSupport

/// grim, the capture tool of wlroots compositors, as the reference a capture is compared with.
enum GrimPeer {
    /// The screen (or `region`, as grim's `-g "X,Y WxH"`, or output `output`) as grim reads it, rgba8.
    static func capture(_ sway: SwayServer, region: Bounds? = nil, output: String? = nil) async throws -> PixelImage {
        var arguments = ["-t", "ppm"]
        if let region { arguments += ["-g", "\(region.x),\(region.y) \(region.width)x\(region.height)"] }
        if let output { arguments += ["-o", output] }
        let result = try await ChildProcess.run("/usr/bin/grim", arguments + ["-"],
                                                environment: sway.environment.merging(["PATH": "/usr/bin:/bin"]) { $1 },
                                                timeout: .seconds(30))
        guard result.status == 0 else {
            throw TestFailure("grim \(arguments): \(String(decoding: result.stderr, as: UTF8.self))")
        }
        return try ppm(result.stdout)
    }

    /// A binary PPM (P6, maxval 255) as rgba8.
    static func ppm(_ data: Data) throws -> PixelImage {
        let bytes = [UInt8](data)
        var fields: [Int] = [], at = 2
        guard bytes.starts(with: Array("P6".utf8)) else { throw TestFailure("not a P6 PPM") }
        while fields.count < 3, at < bytes.count {
            while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x0A || bytes[at] == 0x0D || bytes[at] == 0x09 { at += 1 }
            if bytes[at] == UInt8(ascii: "#") {
                while at < bytes.count, bytes[at] != 0x0A { at += 1 }
                continue
            }
            var value = 0
            while at < bytes.count, (0x30...0x39).contains(bytes[at]) { value = value * 10 + Int(bytes[at] - 0x30); at += 1 }
            fields.append(value)
        }
        at += 1
        let (width, height) = (fields[0], fields[1])
        guard fields[2] == 255, bytes.count - at >= width * height * 3 else { throw TestFailure("a PPM livetext cannot read") }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for index in 0..<(width * height) {
            pixels[index * 4] = bytes[at + index * 3]
            pixels[index * 4 + 1] = bytes[at + index * 3 + 1]
            pixels[index * 4 + 2] = bytes[at + index * 3 + 2]
        }
        return PixelImage(width: width, height: height, format: .rgba8, pixels: pixels)
    }
}
