import Testing
@testable import LiveTextCore

@Suite("a slashed zero read as @ in monospace text")
struct SlashedZerosTests {
    @Test("an @ among digits is a zero", arguments: [
        ("203.@.113.45:", "203.0.113.45:"), ("30@4ms", "3004ms"), ("127.@.@.1/8", "127.0.0.1/8"),
        ("fe8@::a2b3:c4ff", "fe80::a2b3:c4ff"), ("--since=2026-@1-01", "--since=2026-01-01"),
        ("@9:41:07", "09:41:07"), ("@.08,", "0.08,"), ("@.@1", "0.01"), ("src/send_mail.py:4@:", "src/send_mail.py:40:"),
        ("deploy@1@.@.4.21", "deploy@10.0.4.21"), ("deploy@app-@2.internal.example.net", "deploy@app-02.internal.example.net"),
        ("1d@b5a8", "1d0b5a8"),
    ])
    func zero(read: String, meant: String) {
        #expect(SlashedZeros.corrected(read) == meant)
    }

    @Test("the @ of an address, a user@host prompt, a crontab line or alone stays", arguments: [
        "first.last@example.org", "j_doe+ci@example.io", "deploy@10.0.4.21", "42@example.org", "sam@lantern:~/work$",
        "@reboot", "@", "wlp2s@", "user1@2fa.example.com", "ops@example.org:",
    ])
    func kept(word: String) {
        #expect(SlashedZeros.corrected(word) == word)
    }
}
