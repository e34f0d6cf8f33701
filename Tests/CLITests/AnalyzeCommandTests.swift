import Foundation
import Testing

@Suite("livetext analyze, as a user runs it")
struct AnalyzeCommandTests {
    @Test("plain output is the text in reading order, then code payloads")
    func plain() throws {
        let result = try CLIProcess.run(["analyze", CLIProcess.fixture("text-light-15px.png")])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Invoice 4471 is due on 2026-12-01\n"))
        #expect(result.stdout.contains("billing@example.com"))
        #expect(result.stderr.isEmpty)
        let qr = try CLIProcess.run(["analyze", CLIProcess.fixture("qr-url.png")])
        #expect(qr.stdout == "https://example.org/livetext?q=1\n")
    }

    @Test("--json prints one complete document a file, in the order given")
    func jsonLines() throws {
        let files = ["qr-url.png", "text-dark-13px.png", "sample.gif"].map(CLIProcess.fixture)
        let result = try CLIProcess.run(["analyze", "--json"] + files)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        let documents = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        for (document, file) in zip(documents, files) {
            let image = try #require(document["image"] as? [String: Any])
            #expect(image["source"] as? String == "file:" + file)
            for key in ["text", "blocks", "codes", "items", "actions", "timing"] {
                #expect(document[key] != nil, "missing \(key)")
            }
        }
        #expect((documents[0]["codes"] as? [[String: Any]])?.first?["symbology"] as? String == "QR-Code")
        #expect((documents[1]["text"] as? String)?.contains("Invoice 4471") == true)
    }

    @Test("stdin is read with -")
    func standardInput() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: CLIProcess.fixture("qr-url.png")))
        let result = try CLIProcess.run(["analyze", "--json", "--types", "codes", "-"], stdin: data)
        #expect(result.status == 0)
        #expect(result.stdout.contains("\"source\":\"stdin\""))
        #expect(result.stdout.contains("https://example.org/livetext?q=1"))
    }

    @Test("bad input gets one line on stderr and the contract's exit code", arguments: [
        (["analyze", "/nonexistent/x.png"], Int32(3), "no such file"),
        (["analyze", CLIProcess.fixtures.path], 3, "is a directory"),
        (["analyze", #filePath], 3, "not an image"),
        (["analyze", "--lang", "xyz", CLIProcess.fixture("sample.png")], 4, "install tesseract-ocr-xyz"),
        (["analyze", "--max-pixels", "100", CLIProcess.fixture("sample.png")], 3, "over the limit"),
        (["analyze", "--types", "words", CLIProcess.fixture("sample.png")], 2, "unknown analysis type"),
        (["analyze", "--lang", "../../etc", CLIProcess.fixture("sample.png")], 2, "invalid language"),
        (["analyze"], 2, "Missing expected argument"),
        (["analyze", "-", "-"], 2, "only once"),
        (["frobnicate"], 2, "Unexpected argument"),
    ] as [([String], Int32, String)])
    func badInput(arguments: [String], status: Int32, message: String) throws {
        let result = try CLIProcess.run(arguments)
        #expect(result.status == status)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("damaged files: a clear line each, no library chatter, no half JSON", arguments: [
        ("sample.png", 0.5), ("sample.jpg", 0.5), ("sample.jpg", 0.95), ("sample.gif", 0.5), ("sample.tif", 0.9),
    ])
    func damaged(name: String, fraction: Double) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: CLIProcess.fixture(name)))
        let result = try CLIProcess.run(["analyze", "--json", "-"], stdin: data.prefix(Int(Double(data.count) * fraction)))
        #expect(result.status == 3)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("livetext: stdin: ") == true)
    }

    @Test("empty stdin is an input error")
    func emptyStandardInput() throws {
        let result = try CLIProcess.run(["analyze", "-"], stdin: Data())
        #expect(result.status == 3)
        #expect(result.stderr.contains("empty"))
    }

    @Test("one bad file among good ones: the good ones are still printed, the exit code says it failed")
    func partialFailure() throws {
        let result = try CLIProcess.run(["analyze", "--json", CLIProcess.fixture("qr-url.png"), "/nonexistent.png",
                                         CLIProcess.fixture("qr-url.png")])
        #expect(result.status == 3)
        #expect(result.stdout.split(separator: "\n").count == 2)
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test("help and version exit 0 on stdout")
    func help() throws {
        let help = try CLIProcess.run(["analyze", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--types"))
        let version = try CLIProcess.run(["--version"])
        #expect(version.status == 0)
        #expect(!version.stdout.isEmpty)
    }
}
