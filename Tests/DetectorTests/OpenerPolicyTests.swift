import Foundation
import Testing
import LiveTextCore
import TestSupport
@testable import LiveTextDetectors

/// The opener is given web pages, mail, calls, messages and places only, normalized; a QR code's
/// `file://`, `smb://`, `steam://`, `-option` or `mailto:…?attach=` is shown and copyable, never
/// opened, and the performer refuses it even when asked directly.
@Suite("what the opener may be given")
struct OpenerPolicyTests {
    /// Targets the opener received on main from QR payloads (issue 25, row 3), and more of the kind.
    static let hostileTargets = [
        "file://localhost/etc/passwd", "file:///etc/passwd", "FILE:///etc/shadow", "smb://evil.example/share",
        "steam://run/1234", "-oproxycommand=sh://x", "--help://x", "-", "javascript:alert(1)",
        "JavaScript://%0Aalert(1)", "java\tscript:alert(1)", "data:text/html,<script>x</script>", "ftp://ftp.example.org/f",
        "/etc/passwd", "~/x", "%68ttp://example.org", "http%3A//example.org", "https:example.org", "https://",
        "https://exa\u{202E}lpmaxe.org", "https://example.org/\u{0}x", "https://example.org/a b", "https://x.org\u{200B}.evil.example",
        "mailto:a@x.org%3Fattach=/root/.ssh/id_rsa", "mailto:?attach=/root/.ssh/id_rsa", "mailto:-oa@x.org.",
        "tel:*%2306%23", "tel:", "sms:abc", "geo:", "geo:1,2/../../x", "x-scheme-handler/foo:bar", "",
    ]

    @Test("refused: no scheme, a scheme not listed, hidden characters, a mail address that is not one",
          arguments: hostileTargets)
    func refused(target: String) {
        #expect(throws: LiveTextError.self) { try OpenerPolicy().openable(target) }
        #expect(!OpenerPolicy().allows(target))
    }

    @Test("allowed targets come back normalized: the scheme lower-cased, mail and messages re-encoded with only their fields")
    func normalized() throws {
        let policy = OpenerPolicy()
        let cases: [(String, String)] = [
            ("HTTP://Example.org/A?b=c#d", "http://Example.org/A?b=c#d"),
            ("  https://example.org/\n", "https://example.org/"), ("\u{200B}\u{202E}https://x.org\u{0}", "https://x.org"),
            ("https://user@例え.jp/パス", "https://user@例え.jp/パス"),
            ("mailto:a@x.org?subject=Hi%20there&attach=/root/.ssh/id_rsa&body=x%26y&bcc=c@y.org&to=d@z.org&X-Evil=1",
             "mailto:a@x.org?subject=Hi%20there&body=x%26y&bcc=c@y.org"),
            ("MAILTO:Jane.Doe+tag@Example.ORG", "mailto:Jane.Doe+tag@Example.ORG"),
            ("mailto:a@x.org,b@y.org?cc=e@f.org&Subject=%C3%A9t%C3%A9", "mailto:a@x.org,b@y.org?subject=%C3%A9t%C3%A9&cc=e@f.org"),
            ("tel:+1-415-555-0123;ext=12", "tel:+1-415-555-0123;ext=12"),
            ("sms:+15551234567?body=hi+there&attach=x", "sms:+15551234567?body=hi%20there"),
            ("geo:37.78,-122.4;u=35?q=Moscone%20Center&z=1", "geo:37.78,-122.4;u=35?q=Moscone%20Center"),
        ]
        for (target, expected) in cases {
            #expect(try policy.openable(target) == expected, "\(target)")
        }
    }

    @Test("a URL template's own scheme is opened, for targets under the template only")
    func templates() throws {
        let policy = OpenerPolicy(templates: ActionTemplates(lookup: "DICT://dict.org/d:%s"))
        #expect(try policy.openable("dict://dict.org/d:word") == "dict://dict.org/d:word")
        #expect(!policy.allows("dict://evil.example/d:word"))
        #expect(!OpenerPolicy().allows("dict://dict.org/d:word"))
        // A template that is only "%s" opens nothing more.
        #expect(!OpenerPolicy(templates: ActionTemplates(translate: "%s")).allows("file:///etc/passwd"))
    }

    /// The payloads that reached the opener on main, each with the copy action it keeps.
    static let hostilePayloads = [
        "URLTO:file://localhost/etc/passwd", "URLTO:smb://evil.example/share", "URLTO:steam://run/1234",
        "URLTO:-oproxycommand=calc://x", "URLTO:--help://x", "MEBKM:TITLE:Photos;URL:smb\\://evil.example/x;;",
        "MEBKM:URL:file\\://localhost/etc/passwd;;", "URLTO:javascript://x/%0aalert(1)",
        "https://example.org/\u{202E}gpj.exe", "MATMSG:TO:a@x.org?attach=/root/.ssh/id_rsa;SUB:hi;;",
        "mailto:a@x.org%3Fattach=/root/.ssh/id_rsa", "SMTP:a@x.org?attach=/root/.ssh/id_rsa:subject:body",
        "BEGIN:VCARD\nVERSION:3.0\nFN:Eve\nURL:file:///etc/passwd\nEND:VCARD",
        "BEGIN:VEVENT\nDTSTART:20260315T190000Z\nSUMMARY:Party\nURL:smb://evil.example/x\nEND:VEVENT",
    ]

    @Test("hostile QR payloads: no action runs the opener, their payload is still copyable", arguments: hostilePayloads)
    func hostilePayload(payload: String) {
        let code = MachineReadableCode(symbology: "QR-Code", payload: payload, bounds: Bounds(x: 0, y: 0, width: 9, height: 9))
        var analysis = ImageAnalysis(image: .init(width: 9, height: 9, source: "test"), blocks: [], codes: [code])
        AnalysisInterpreter(context: DetectionContext()).interpret(&analysis, only: nil)
        for action in analysis.actions where action.kind != .copy && action.kind != .calendar {
            // The mail action stays, its address without the fields that followed it.
            #expect(action.kind == .mail && action.target == "mailto:a@x.org", "\(action.id) → \(action.target)")
        }
        #expect(analysis.actions.contains { $0.id == "copy-code-0" && $0.target == payload })
    }

    @Test("wrapped URLs that are fine still open: URLTO, MEBKM, MATMSG, SMTP, HTTP in capitals")
    func wrappedURLs() {
        let cases = [
            ("URLTO:HTTPS://Example.org/a", "https://example.org/a"), ("MEBKM:TITLE:x;URL:http\\://example.org;;", "http://example.org"),
            ("MATMSG:TO:a@x.org;SUB:Hi;BODY:text;;", "mailto:a@x.org"), ("SMTP:a@x.org:subject:body", "mailto:a@x.org"),
            ("HTTP://EXAMPLE.ORG/Path", "http://example.org/Path"),
        ]
        for (payload, target) in cases {
            let code = MachineReadableCode(symbology: "QR-Code", payload: payload, bounds: Bounds(x: 0, y: 0, width: 9, height: 9))
            var analysis = ImageAnalysis(image: .init(width: 9, height: 9, source: "test"), blocks: [], codes: [code])
            AnalysisInterpreter(context: DetectionContext()).interpret(&analysis, only: nil)
            let opens = analysis.actions.filter { $0.kind == .open || $0.kind == .mail }
            #expect(opens.map(\.target) == [target], "\(payload): \(analysis.actions.map(\.target))")
        }
    }

    @Test("an ftp link in text is a link to copy, no longer one to open")
    func ftpText() {
        let items = DataDetector().detect(in: "get ftp://ftp.example.org/file.zip now", only: nil, context: DetectionContext())
        let actions = QuickActionPlanner().actions(items: items, codes: [], text: "")
        #expect(items.map(\.kind) == [.link])
        #expect(actions.map(\.id) == ["copy-link-0"])
    }
}

@Suite("the performer and the opener's argv")
struct OpenerArgumentTests {
    @Test("asked directly for an open action whose target is refused, the performer runs nothing and says why",
          arguments: OpenerPolicyTests.hostileTargets)
    func refusesDirectly(target: String) throws {
        let opener = try RecordingOpener(named: "gio")
        defer { opener.remove() }
        let performer = ActionPerformer(opener: [opener.path, "open"], directory: opener.directory, copy: { _ in })
        for kind in [QuickAction.Kind.open, .mail, .call, .map, .track, .lookup, .translate] {
            let actions = [QuickAction(id: "x-0", title: "Open", kind: kind, target: target, subject: .item(0))]
            do {
                try performer.perform("x-0", actions: actions, items: [], text: "")
                Issue.record("\(kind) \(target) was opened")
            } catch let error as LiveTextError {
                #expect(error.code == .accessDenied)
                #expect(error.message.hasPrefix("not opened: '"), "\(error.message)")
            }
        }
        #expect(opener.logged.isEmpty)
    }

    @Test("a gio-like opener gets -- before the target; xdg-open does not (it refuses --); an opener ending in -- gets one")
    func optionsEnd() throws {
        let target = [QuickAction(id: "open-link-0", title: "Open", kind: .open, target: "HTTPS://example.org/a", subject: .item(0))]
        for (name, extra, expected) in [("gio", ["open"], ["open", "--", "https://example.org/a"]),
                                        ("kde-open5", [], ["--", "https://example.org/a"]),
                                        ("xdg-open", [], ["https://example.org/a"]),
                                        ("gio", ["open", "--"], ["open", "--", "https://example.org/a"])] {
            let opener = try RecordingOpener(named: name)
            defer { opener.remove() }
            let performer = ActionPerformer(opener: [opener.path] + extra, directory: opener.directory, copy: { _ in })
            #expect(try performer.perform("open-link-0", actions: target, items: [], text: "") == "opened https://example.org/a")
            #expect(opener.logged == (expected + [""]).joined(separator: "\n"), "\(name) \(extra)")
        }
    }

    @Test("the mail action of a payload with attach= reaches the opener without it, through LIVETEXT_OPENER")
    func mailFromEnvironment() throws {
        let opener = try RecordingOpener(named: "handlr")
        defer { opener.remove() }
        let performer = ActionPerformer.fromEnvironment(["LIVETEXT_OPENER": opener.path + " open",
                                                         "XDG_RUNTIME_DIR": opener.directory.path])
        let code = MachineReadableCode(symbology: "QR-Code", payload: "MATMSG:TO:a@x.org?attach=/root/.ssh/id_rsa;SUB:hi;;",
                                       bounds: Bounds(x: 0, y: 0, width: 9, height: 9))
        var analysis = ImageAnalysis(image: .init(width: 9, height: 9, source: "test"), blocks: [], codes: [code])
        AnalysisInterpreter(context: DetectionContext()).interpret(&analysis, only: nil)
        let mail = try #require(analysis.actions.first { $0.kind == .mail })
        try performer.perform(mail.id, actions: analysis.actions, items: analysis.items, text: analysis.text)
        #expect(opener.logged == "open\n--\nmailto:a@x.org\n")
    }
}
