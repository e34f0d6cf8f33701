import Foundation
import LiveTextCore
import TestSupport

/// What a test window shows, to be found again in a screenshot: three solid blocks (red, green,
/// blue: a swapped channel or a wrong alpha shows at once) over a line of words drawn by
/// ImageMagick, black on white.
struct ScreenPattern: Sendable {
    static let words = "Plasma 4217"
    static let width = 480, blockHeight = 80, textHeight = 120
    static let colours: [(UInt8, UInt8, UInt8)] = [(200, 30, 40), (30, 170, 70), (40, 70, 200)]

    let image: PixelImage

    /// The words alone, black on white, as a PNG at `file`: for `livetext analyze --type`.
    static func drawWords(to file: URL) async throws {
        let drawn = try await ChildProcess.run("/usr/bin/env", ["convert", "-size", "480x120", "xc:white", "-fill", "black",
                                                                "-pointsize", "48", "-annotate", "+24+80", words, file.path],
                                               environment: ProcessInfo.processInfo.environment, timeout: .seconds(60))
        guard drawn.status == 0 else { throw TestFailure("convert: \(String(decoding: drawn.stderr, as: UTF8.self))") }
    }

    static func make() async throws -> ScreenPattern {
        let text = try await ChildProcess.run("/usr/bin/env", ["convert", "-size", "\(width)x\(textHeight)", "xc:white",
                                                               "-fill", "black", "-pointsize", "48",
                                                               "-annotate", "+24+80", words, "-depth", "8", "rgba:-"],
                                              environment: ProcessInfo.processInfo.environment, timeout: .seconds(60))
        guard text.status == 0, text.stdout.count == width * textHeight * 4 else {
            throw TestFailure("convert drew no words: \(String(decoding: text.stderr, as: UTF8.self))")
        }
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * (blockHeight + textHeight) * 4)
        for _ in 0..<blockHeight {
            for x in 0..<width {
                let (r, g, b) = colours[x * colours.count / width]
                pixels += [r, g, b, 255]
            }
        }
        pixels += text.stdout
        return ScreenPattern(image: PixelImage(width: width, height: blockHeight + textHeight, format: .rgba8, pixels: pixels))
    }

    /// Where the pattern's top-left pixel lies in `screen` (rgba8), when every block pixel is
    /// there within 2 of its value and at most 1 % of the words' pixels differ by more than 8
    /// (the window's first frames may still fade in: those are not found).
    func place(in screen: PixelImage) -> (x: Int, y: Int)? {
        let red = Self.colours[0]
        for y in 0...(screen.height - image.height) {
            for x in 0...(screen.width - image.width) where Self.close(screen, x, y, (red.0, red.1, red.2, 255), 2) {
                if matches(screen, at: x, y) { return (x, y) }
            }
        }
        return nil
    }

    private func matches(_ screen: PixelImage, at left: Int, _ top: Int) -> Bool {
        var wordMisses = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let i = (y * image.width + x) * 4
                let expected = (image.pixels[i], image.pixels[i + 1], image.pixels[i + 2], image.pixels[i + 3])
                if y < Self.blockHeight {
                    guard Self.close(screen, left + x, top + y, expected, 2) else { return false }
                } else if !Self.close(screen, left + x, top + y, expected, 8) {
                    wordMisses += 1
                }
            }
        }
        return wordMisses * 100 <= image.width * Self.textHeight
    }

    private static func close(_ screen: PixelImage, _ x: Int, _ y: Int, _ colour: (UInt8, UInt8, UInt8, UInt8),
                              _ tolerance: Int) -> Bool {
        let i = (y * screen.width + x) * 4
        return abs(Int(screen.pixels[i]) - Int(colour.0)) <= tolerance
            && abs(Int(screen.pixels[i + 1]) - Int(colour.1)) <= tolerance
            && abs(Int(screen.pixels[i + 2]) - Int(colour.2)) <= tolerance
    }
}
