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
    func writes() async throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try await CLIProcess.run(["preview", CLIProcess.fixture("text-light-15px.png"), "-o", output,
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
    func hidden() async throws {
        let other = output + ".none.png"
        defer { for path in [output, other] { try? FileManager.default.removeItem(atPath: path) } }
        let image = CLIProcess.fixture("qr-url.png")
        let env = ["XDG_CONFIG_HOME": "/nonexistent"]
        #expect(try await CLIProcess.run(["preview", image, "-o", output, "--hidden"], environment: env).status == 0)
        #expect(try await CLIProcess.run(["preview", image, "-o", other, "--interaction", "none"], environment: env).status == 0)
        let drawn = output + ".drawn.png"
        defer { try? FileManager.default.removeItem(atPath: drawn) }
        #expect(try await CLIProcess.run(["preview", image, "-o", drawn], environment: env).status == 0)
        let plain = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(plain == (try Data(contentsOf: URL(fileURLWithPath: other))))
        #expect(plain != (try Data(contentsOf: URL(fileURLWithPath: drawn))))
    }

    @Test("bad insets and interaction types are usage errors; a missing image exits 3",
          arguments: [["--insets", "1,2,3"], ["--insets", "1,2,-3,4"], ["--insets", "1,2,3,10001"],
                      ["--insets", "nan,2,3,4"], ["--font", String(repeating: "A", count: 257)], ["--interaction", "sometimes"],
                      ["--interaction", "none,automatic"]])
    func badInput(extra: [String]) async throws {
        let result = try await CLIProcess.run(["preview", CLIProcess.fixture("qr-url.png"), "-o", output] + extra)
        #expect(result.status == 2)
        #expect(!FileManager.default.fileExists(atPath: output))
        let missing = try await CLIProcess.run(["preview", "/nonexistent.png", "-o", output])
        #expect(missing.status == 3 && missing.stderr.contains("/nonexistent.png"))
    }

    @Test("-o - writes the PNG to stdout; a path that cannot be written exits 4 naming it (exit 1 is --only's)")
    func outputStdoutAndUnwritable() async throws {
        let file = output + ".stdout.png"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let env = ["XDG_CONFIG_HOME": "/nonexistent"]
        let piped = try await CLIProcess.run(["preview", CLIProcess.fixture("qr-url.png"), "-o", "-", "--hidden"],
                                       environment: env, wrapper: ["/bin/sh", "-c", "exec \"$@\" > '\(file)'", "sh"])
        #expect(piped.status == 0 && !piped.signalled, "\(piped.stderr)")
        let (width, height) = try size(ofPNG: file)
        #expect(width > 0 && height > 0)
        let missing = "/nonexistent-dir-\(UUID().uuidString)/preview.png"
        let unwritable = try await CLIProcess.run(["preview", CLIProcess.fixture("qr-url.png"), "-o", missing, "--hidden"],
                                            environment: env)
        #expect(unwritable.status == 4, "\(unwritable.stderr)")
        #expect(unwritable.stderr.contains("cannot write \(missing)"), "\(unwritable.stderr)")
    }

    @Test("-o onto a device writes into it and never replaces the node: a full one fails naming the path, exit 4")
    func outputDevice() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("preview-dev-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let full = directory + "/full", null = directory + "/null"
        // /dev/full and /dev/null of our own: 1,7 and 1,3.
        #expect(mknod(full, S_IFCHR | 0o666, 0x107) == 0)
        #expect(mknod(null, S_IFCHR | 0o666, 0x103) == 0)
        let env = ["XDG_CONFIG_HOME": "/nonexistent"]
        let failed = try await CLIProcess.run(["preview", CLIProcess.fixture("qr-url.png"), "-o", full, "--hidden"], environment: env)
        #expect(failed.status == 4)
        #expect(failed.stderr.contains("cannot write \(full): ") && failed.stderr.contains("No space left on device"),
                "\(failed.stderr)")
        let written = try await CLIProcess.run(["preview", CLIProcess.fixture("qr-url.png"), "-o", null, "--hidden"], environment: env)
        #expect(written.status == 0, "\(written.stderr)")
        for path in [full, null] {
            var info = stat()
            #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "\(path) is still a device")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["full", "null"])
    }

    @Test("a settings file that is refused is said so on stderr, and the preview uses the defaults")
    func refusedSettings() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("preview-cfg-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home + "/livetext", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        try "[interaction]\nsupplementary_interface_hidden = true\n".write(toFile: home + "/livetext/config.toml",
                                                                          atomically: false, encoding: .utf8)
        #expect(chmod(home + "/livetext/config.toml", 0o666) == 0)
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try await CLIProcess.run(["preview", CLIProcess.fixture("qr-url.png"), "-o", output],
                                        environment: ["XDG_CONFIG_HOME": home])
        #expect(result.status == 0)
        #expect(result.stderr.contains("config.toml: refused: anyone can write it (mode 666)"), "\(result.stderr)")
    }
}
