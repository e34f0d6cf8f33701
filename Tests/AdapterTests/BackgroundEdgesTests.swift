import Foundation
import LiveTextCore
import LiveTextEngines
import Testing

/// Windows told apart by their backgrounds where nobody says where they are: an image, a Wayland
/// screen.
@Suite("windows read apart by their backgrounds")
struct BackgroundEdgesTests {
    static let screens = ContentRegionsReadingTests.screens

    static func load(_ name: String) throws -> PixelImage {
        try ImageInput().decodeInProcess(Data(contentsOf: screens.appendingPathComponent(name)))
    }

    /// `left` and `right` side by side, cut to the lower height.
    static func beside(_ left: PixelImage, _ right: PixelImage) -> PixelImage {
        let height = min(left.height, right.height)
        var pixels: [UInt8] = []
        pixels.reserveCapacity((left.width + right.width) * height * 4)
        for y in 0..<height {
            pixels += left.pixels[(y * left.bytesPerRow)..<((y + 1) * left.bytesPerRow)]
            pixels += right.pixels[(y * right.bytesPerRow)..<((y + 1) * right.bytesPerRow)]
        }
        return PixelImage(width: left.width + right.width, height: height, format: .rgba8, pixels: pixels)
    }

    @Test("a light browser beside a dark one, lines on the same rows: one separator at their border, and read with no region given no line crosses it, the left window first")
    func lightBesideDark() async throws {
        let light = try Self.load("browser-light-dejavu-14px.png").cropped(to: Bounds(x: 0, y: 0, width: 600, height: 300))
        let dark = try Self.load("browser-dark-dejavu-12px.png").cropped(to: Bounds(x: 0, y: 0, width: 600, height: 300))
        let screen = Self.beside(light, dark)
        #expect(BackgroundEdges.separators(of: screen).map { abs($0 - 600) <= 3 } == [true], "\(BackgroundEdges.separators(of: screen))")
        let analysis = try await Fixture.analyzer.analyze(screen, source: "beside", configuration: .init(types: .text))
        let lines = analysis.blocks.flatMap(\.lines)
        #expect(lines.count >= 16)
        #expect(lines.filter { $0.bounds.x < 597 && $0.bounds.maxX > 603 }.isEmpty)
        let sides = lines.map { $0.bounds.maxX <= 603 ? "L" : "R" }.joined()
        #expect(!sides.contains("RL"), "\(sides)")
    }

    @Test("the accuracy corpus: screens of one window get no separator (a dark ls -l listing's aligned columns included); two tiled terminals and a sidebar of another colour get one")
    func oneWindowScreens() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.screens.path).filter { $0.hasSuffix(".png") }.sorted()
        #expect(names.count >= 15)
        var split: [String: [Int]] = [:]
        for name in names {
            let found = BackgroundEdges.separators(of: try Self.load(name))
            if !found.isEmpty { split[name] = found }
        }
        #expect(Set(split.keys) == ["xterm-tiled-dejavu-12px.png", "browser-sidebar-noto-12px.png"], "\(split)")
        #expect(split["xterm-tiled-dejavu-12px.png"]?.count == 1 && split["browser-sidebar-noto-12px.png"]?.count == 1, "\(split)")
    }
}

extension BackgroundEdgesTests {
    @Test("a QR code's columns of modules are not a window's border: the Wi-Fi card's title beside and above its code is read whole")
    func codeIsNoBorder() async throws {
        let card = try ImageInput().decodeInProcess(
            Data(contentsOf: Self.screens.deletingLastPathComponent().appendingPathComponent("codes/qr-wifi.png")))
        // Its modules alone make long vertical edges between flat black and white.
        #expect(!BackgroundEdges.separators(of: card).isEmpty)
        let analysis = try await Fixture.analyzer.analyze(card, source: "qr-wifi", configuration: .init(types: [.text, .codes]))
        let code = try #require(analysis.codes.first)
        #expect(BackgroundEdges.separators(of: card, excluding: [code.bounds]).isEmpty)
        #expect(analysis.blocks.flatMap(\.lines).map(\.text).contains("Wi-Fi: Home-5G"), "\(analysis.blocks.map(\.text))")
    }
}
