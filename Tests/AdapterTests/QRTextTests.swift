import Foundation
import LiveTextCore
import LiveTextEngines
import Testing
@testable import ZBarCodes

/// QR payloads in the charsets they are written in, made by qrencode in the test.
@Suite("QR payload text")
struct QRTextTests {
    /// A PNG of a QR code holding `bytes`, as qrencode makes it (`-8`: one byte segment;
    /// `-k`: the input is Shift-JIS, kanji in Kanji mode).
    private func qrCode(_ bytes: [UInt8], mode: String) throws -> PixelImage {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/qrencode")
        process.arguments = [mode, "-s", "4", "-m", "4", "-o", output.path]
        let input = Pipe()
        process.standardInput = input
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data(bytes))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return try ImageInput().decodeInProcess(Data(contentsOf: output))
    }

    static let shiftJIS: [UInt8] = [0x93, 0xFA, 0x96, 0x7B, 0x8C, 0xEA, 0x82, 0xCC, 0x83, 0x65, 0x83, 0x4C,
                                    0x83, 0x58, 0x83, 0x67]  // 日本語のテキスト

    @Test("UTF-8, Shift-JIS (byte and Kanji mode), Latin-1 and binary payloads read as what they hold",
          arguments: [
            ("café", Array("café".utf8), "-8"),
            ("Grüße, 東京 ✓", Array("Grüße, 東京 ✓".utf8), "-8"),
            ("日本語のテキスト", shiftJIS, "-8"),
            ("日本語のテキスト", shiftJIS, "-k"),
            ("Grüße aus Köln", [0x47, 0x72, 0xFC, 0xDF, 0x65, 0x20, 0x61, 0x75, 0x73, 0x20, 0x4B, 0xF6, 0x6C, 0x6E], "-8"),
            ("\u{89}PNG\r\n\u{1A}\n\u{FF}\u{80}\u{01}", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0xFF, 0x80, 0x01], "-8"),
            ("https://example.org/?q=1", Array("https://example.org/?q=1".utf8), "-8"),
          ] as [(String, [UInt8], String)])
    func payloads(expected: String, bytes: [UInt8], mode: String) throws {
        let codes = try ZBarCodeReader().readCodes(in: try qrCode(bytes, mode: mode))
        #expect(codes.map(\.payload) == [expected])
        #expect(codes.first?.symbology == "QR-Code")
    }

    @Test("the charset rules on bytes: a UTF-8 byte-order mark is dropped; Shift-JIS needs a byte 0x80–0x9F")
    func rules() {
        #expect(QRPayloadText.decode([0xEF, 0xBB, 0xBF] + Array("café".utf8)) == "café")
        // Valid Shift-JIS as well as Latin-1, but no C1 byte: Latin-1 ("Vénus" in ISO-8859-1).
        #expect(QRPayloadText.isShiftJIS([0x56, 0xE9, 0x6E, 0x75, 0x73]))
        #expect(QRPayloadText.decode([0x56, 0xE9, 0x6E, 0x75, 0x73]) == "Vénus")
        #expect(QRPayloadText.decode([0x82, 0xA0]) == "あ")
        #expect(QRPayloadText.decode([]) == "")
        #expect(!QRPayloadText.isShiftJIS([0x82]))
        #expect(!QRPayloadText.isShiftJIS([0xF0, 0x40]))
    }
}
