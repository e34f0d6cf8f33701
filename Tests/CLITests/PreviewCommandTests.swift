import Foundation
import Testing

@Suite("livetext preview")
struct PreviewCommandTests {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID().uuidString).png").path

    /// The PNG's width and height, from its IHDR chunk.
    func size(ofPNG path: String) throws -> (Int, Int) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let be = { (o: Int) in data[o..<o + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be(16), be(20))
    }

    @Test("writes the preview, shrunk to 480 px wide, and says when a font is missing")
    func writes() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try CLIProcess.run(["preview", CLIProcess.fixture("text-light-15px.png"), "-o", output,
                                         "--font", "No Such Family Bold 40", "--no-hidden"],
                                        environment: ["XDG_CONFIG_HOME": "/nonexistent"])
        #expect(result.status == 0, "\(result.stderr)")
        // 520×96 shrunk to the preview's 480 px width, the aspect kept.
        let (width, height) = try size(ofPNG: output)
        #expect(width == 480 && (88...89).contains(height))
        #expect(result.stderr.contains("font size 40 ignored"))
        #expect(result.stderr.contains("'No Such Family Bold' is not installed"))
    }

    @Test("hidden and none draw nothing over the capture: the same pixels either way")
    func hidden() throws {
        let other = output + ".none.png"
        defer { for path in [output, other] { try? FileManager.default.removeItem(atPath: path) } }
        let image = CLIProcess.fixture("qr-url.png")
        let env = ["XDG_CONFIG_HOME": "/nonexistent"]
        #expect(try CLIProcess.run(["preview", image, "-o", output, "--hidden"], environment: env).status == 0)
        #expect(try CLIProcess.run(["preview", image, "-o", other, "--interaction", "none"], environment: env).status == 0)
        let drawn = output + ".drawn.png"
        defer { try? FileManager.default.removeItem(atPath: drawn) }
        #expect(try CLIProcess.run(["preview", image, "-o", drawn], environment: env).status == 0)
        let plain = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(plain == (try Data(contentsOf: URL(fileURLWithPath: other))))
        #expect(plain != (try Data(contentsOf: URL(fileURLWithPath: drawn))))
    }

    @Test("bad insets and interaction types are usage errors; a missing image exits 3",
          arguments: [["--insets", "1,2,3"], ["--insets", "1,2,-3,4"], ["--interaction", "sometimes"],
                      ["--interaction", "none,automatic"]])
    func badInput(extra: [String]) throws {
        let result = try CLIProcess.run(["preview", CLIProcess.fixture("qr-url.png"), "-o", output] + extra)
        #expect(result.status == 2)
        #expect(!FileManager.default.fileExists(atPath: output))
        let missing = try CLIProcess.run(["preview", "/nonexistent.png", "-o", output])
        #expect(missing.status == 3 && missing.stderr.contains("/nonexistent.png"))
    }
}
