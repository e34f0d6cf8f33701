import Foundation
import Testing
import LiveTextCore
@testable import LiveTextDetectors

@Suite("quick actions")
struct QuickActionTests {
    static let items = [
        DetectedItem(kind: .link, text: "www.example.org/a", start: 0, end: 17,
                     value: ["url": .string("https://www.example.org/a")]),
        DetectedItem(kind: .phone, text: "(415) 555-0123", start: 20, end: 34,
                     value: ["e164": .string("+14155550123"), "region": .string("US")]),
        DetectedItem(kind: .date, text: "Mar 3 at 3pm", start: 40, end: 52,
                     value: ["start": .string("2026-03-03T15:00:00-08:00"), "allDay": .bool(false)]),
        DetectedItem(kind: .phone, text: "+44 20 7946 0958", start: 60, end: 76,
                     value: ["e164": .string("+442079460958"), "region": .string("GB")]),
        DetectedItem(kind: .wifi, text: "WIFI:S:home;P:secret;;", start: 0, end: 22, source: .code,
                     value: ["ssid": .string("home"), "password": .string("secret")]),
    ]

    @Test("ids count per type in text order; targets are what the opener needs")
    func primaryActions() {
        let actions = QuickActionPlanner().actions(items: Self.items, codes: [], text: "")
        let byID = Dictionary(uniqueKeysWithValues: actions.map { ($0.id, $0) })
        #expect(byID["open-link-0"]?.target == "https://www.example.org/a")
        #expect(byID["open-link-0"]?.title == "Open example.org")
        #expect(byID["call-phone-0"]?.target == "tel:+14155550123")
        #expect(byID["call-phone-1"]?.target == "tel:+442079460958")
        #expect(byID["calendar-date-0"]?.target == "2026-03-03T15:00:00-08:00")
        #expect(byID["copy-phone-1"]?.target == "+44 20 7946 0958")
        #expect(byID["copy-wifi-0"]?.target == "secret")
        #expect(Set(actions.map(\.id)).count == actions.count, "ids are unique")
    }

    @Test("codes get a copy action, text gets copy, look up and translate")
    func codesAndText() {
        let code = MachineReadableCode(symbology: "QR-Code", payload: "hello world", bounds: Bounds(x: 0, y: 0, width: 9, height: 9))
        let actions = QuickActionPlanner(templates: ActionTemplates(lookup: "https://dict.example/?q=%s"))
            .actions(items: [], codes: [code], text: "Ünïcode & more")
        #expect(actions.map(\.id) == ["copy-code-0", "copy-text", "lookup-text", "translate-text"])
        #expect(actions[0].target == "hello world" && actions[0].title == "Copy QR Code Payload")
        #expect(actions[2].target == "https://dict.example/?q=%C3%9Cn%C3%AFcode%20%26%20more")
    }

    @Test("an item's bounds are the union of the words it covers")
    func itemBounds() {
        func word(_ text: String, _ x: Int, _ y: Int) -> TextWord {
            TextWord(text: text, bounds: Bounds(x: x, y: y, width: 10 * text.count, height: 10), confidence: 90)
        }
        let blocks = [
            TextBlock(lines: [TextLine(words: [word("Call", 0, 0), word("415", 50, 0)]),
                              TextLine(words: [word("555-0123", 0, 20), word("now", 100, 20)])]),
            TextBlock(lines: [TextLine(words: [word("x@y.org", 0, 60)])]),
        ]
        let locations = WordLocations(blocks)
        // "Call 415\n555-0123 now\n\nx@y.org": "415\n555-0123" is 5..<17.
        #expect(locations.bounds(of: 5..<17) == Bounds(x: 0, y: 0, width: 80, height: 30))
        #expect(locations.bounds(of: 23..<30) == Bounds(x: 0, y: 60, width: 70, height: 10))
        #expect(locations.bounds(of: 21..<23) == nil, "the blank line between blocks holds no word")
    }

    @Test("calendar files: all-day and timed events, escaped and folded")
    func calendarFile() throws {
        let stamp = Date(timeIntervalSince1970: 1_772_353_800)
        let allDay = try #require(CalendarEvent(summary: "Design review; room 4,12", start: "2026-03-03")
            .iCalendar(uid: "u1", stamp: stamp))
        #expect(allDay.contains("DTSTART;VALUE=DATE:20260303\r\nDTEND;VALUE=DATE:20260304\r\n"))
        #expect(allDay.contains("SUMMARY:Design review\\; room 4\\,12\r\n"))
        #expect(allDay.hasPrefix("BEGIN:VCALENDAR\r\n") && allDay.hasSuffix("END:VCALENDAR\r\n"))
        let timed = try #require(CalendarEvent(summary: String(repeating: "é", count: 60),
                                               start: "2026-03-03T15:00:00-08:00", end: "2026-03-03T16:30:00-08:00")
            .iCalendar(uid: "u2", stamp: stamp))
        #expect(timed.contains("DTSTART:20260303T230000Z\r\nDTEND:20260304T003000Z\r\n"))
        for line in timed.components(separatedBy: "\r\n") { #expect(line.utf8.count <= 75) }
        let range = try #require(CalendarEvent(summary: "Fair", start: "2026-03-03", end: "2026-03-05")
            .iCalendar(uid: "u4", stamp: stamp))
        #expect(range.contains("DTSTART;VALUE=DATE:20260303\r\nDTEND;VALUE=DATE:20260306\r\n"), "Mar 3-5 ends after the 5th")
        #expect(CalendarEvent(summary: "x", start: "soon").iCalendar(uid: "u3", stamp: stamp) == nil)
    }
}

@Suite("performing quick actions")
struct ActionPerformerTests {
    /// A real opener: a script that appends its argument to a log.
    static func recordingOpener() throws -> (opener: [String], log: URL, directory: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("livetext-actions-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let script = directory.appendingPathComponent("opener.sh")
        let log = directory.appendingPathComponent("opened.log")
        try "#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(log.path)'\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        // Run through sh, not executed itself: a fork elsewhere in the test process can still hold
        // the file open for writing, and exec would then fail with ETXTBSY (exit 126).
        return (["/bin/sh", script.path], log, directory)
    }

    @Test("open, call and calendar go through the opener; copy goes to the clipboard")
    func perform() throws {
        let (opener, log, directory) = try Self.recordingOpener()
        defer { try? FileManager.default.removeItem(at: directory) }
        let copied = Copied()
        let performer = ActionPerformer(opener: opener, directory: directory.appendingPathComponent("events"),
                                        copy: { copied.value = $0 })
        let text = "Dentist Mar 3 at 3pm\ncall (415) 555-0123"
        var date = QuickActionTests.items[2], phone = QuickActionTests.items[1]
        (date.start, date.end, phone.start, phone.end) = (8, 20, 26, 40)
        let items = [date, phone]
        let actions = QuickActionPlanner().actions(items: items, codes: [], text: text)
        try performer.perform("call-phone-0", actions: actions, items: items, text: text)
        try performer.perform("calendar-date-0", actions: actions, items: items, text: text)
        try performer.perform("copy-phone-0", actions: actions, items: items, text: text)
        let opened = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(opened.count == 2)
        #expect(opened.first == "tel:+14155550123")
        let ics = try String(contentsOfFile: try #require(opened.last), encoding: .utf8)
        #expect(ics.contains("SUMMARY:Dentist Mar 3 at 3pm\r\n"))
        #expect(copied.value == "(415) 555-0123")
        #expect(throws: LiveTextError.self) {
            try performer.perform("open-link-7", actions: actions, items: items, text: text)
        }
    }

    @Test("an opener that fails is an error, not silence")
    func failingOpener() throws {
        let performer = ActionPerformer(opener: ["false"], directory: FileManager.default.temporaryDirectory,
                                        copy: { _ in })
        let actions = [QuickAction(id: "open-link-0", title: "Open", kind: .open, target: "https://example.org", subject: .item(0))]
        #expect(throws: LiveTextError.self) {
            try performer.perform("open-link-0", actions: actions, items: [], text: "")
        }
    }
}

@Suite("the opener and the calendar directory")
struct OpenerTests {
    static let link = [QuickAction(id: "open-link-0", title: "Open", kind: .open, target: "https://example.org", subject: .item(0))]

    private func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("livetext-opener-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("an opener that never returns is stopped at the deadline and reaped; the action fails saying so")
    func deadline() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pidFile = directory.appendingPathComponent("pid").path
        var performer = ActionPerformer(opener: ["/bin/sh", "-c", "echo $$ > '\(pidFile)'; exec sleep 600", "opener"],
                                        directory: directory, copy: { _ in })
        performer.openerDeadline = .milliseconds(300)
        do {
            try performer.perform("open-link-0", actions: Self.link, items: [], text: "")
            Issue.record("the opener returned")
        } catch let error as LiveTextError {
            #expect(error.code == .failed)
            #expect(error.message.contains("did not return within 0.3 s and was stopped"), "\(error.message)")
        }
        let pid = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        // Gone, not a zombie: kill(pid, 0) fails with ESRCH only once it has been reaped.
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
    }

    @Test("LIVETEXT_OPENER, when set, wins over the settings' opener; else the settings', else xdg-open")
    func precedence() {
        #expect(ActionPerformer.fromEnvironment(["LIVETEXT_OPENER": "firefox --new-tab"], opener: ["gio", "open"]).opener
                == ["firefox", "--new-tab"])
        #expect(ActionPerformer.fromEnvironment(["LIVETEXT_OPENER": ""], opener: ["gio", "open"]).opener == ["gio", "open"])
        #expect(ActionPerformer.fromEnvironment([:], opener: []).opener == ["xdg-open"])
        let templates = ActionTemplates(map: "https://settings.example/%s")
            .applyingEnvironment(["LIVETEXT_MAP_URL": "https://env.example/%s", "LIVETEXT_LOOKUP_URL": "no placeholder"])
        #expect(templates.map == "https://env.example/%s")
        #expect(templates.lookup == ActionTemplates().lookup)
    }

    @Test("calendar files go to $XDG_RUNTIME_DIR/livetext only: created 0700 in an existing runtime dir, never a whole path")
    func calendarDirectory() throws {
        let runtime = try scratch()
        defer { try? FileManager.default.removeItem(at: runtime) }
        let dates = [DetectedItem(kind: .date, text: "Mar 3", start: 0, end: 5, value: [:])]
        let actions = [QuickAction(id: "calendar-date-0", title: "Add", kind: .calendar, target: "2026-03-03", subject: .item(0))]
        func perform(in environment: [String: String]) throws {
            var performer = ActionPerformer.fromEnvironment(environment, copy: { _ in })
            performer.opener = ["true"]
            try performer.perform("calendar-date-0", actions: actions, items: dates, text: "Mar 3")
        }
        try perform(in: ["XDG_RUNTIME_DIR": runtime.path])
        let own = runtime.appendingPathComponent("livetext").path
        var info = stat()
        #expect(lstat(own, &info) == 0 && info.st_mode & 0o7777 == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: own).count == 1)

        let missing = runtime.appendingPathComponent("gone/run")
        let message = Self.failure { try perform(in: ["XDG_RUNTIME_DIR": missing.path]) }
        #expect(message.contains("\(missing.path) does not exist"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: runtime.appendingPathComponent("gone").path))
    }

    @Test("a symlink or another user's directory where the calendar files go is refused; ours, open to others, is closed",
          arguments: ["symlink", "foreign", "open"])
    func calendarDirectoryTaken(kind: String) throws {
        let runtime = try scratch()
        defer { try? FileManager.default.removeItem(at: runtime) }
        let own = runtime.appendingPathComponent("livetext").path, elsewhere = runtime.appendingPathComponent("elsewhere").path
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: false)
        switch kind {
        case "symlink": try FileManager.default.createSymbolicLink(atPath: own, withDestinationPath: elsewhere)
        case "foreign":
            try FileManager.default.createDirectory(atPath: own, withIntermediateDirectories: false)
            #expect(chown(own, 12_345, 12_345) == 0)
        default:
            try FileManager.default.createDirectory(atPath: own, withIntermediateDirectories: false)
            #expect(chmod(own, 0o777) == 0)
        }
        var performer = ActionPerformer(opener: ["true"], directory: URL(fileURLWithPath: own), copy: { _ in })
        performer.openerDeadline = .seconds(10)
        let dates = [DetectedItem(kind: .date, text: "Mar 3", start: 0, end: 5, value: [:])]
        let actions = [QuickAction(id: "calendar-date-0", title: "Add", kind: .calendar, target: "2026-03-03", subject: .item(0))]
        let message = Self.failure {
            try performer.perform("calendar-date-0", actions: actions, items: dates, text: "Mar 3")
        }
        switch kind {
        case "symlink": #expect(message == "\(own) is a symlink: refused for calendar files (remove it)")
        case "foreign": #expect(message == "\(own) belongs to user 12345, not to you: refused for calendar files")
        default:
            #expect(message == "no error")
            var info = stat()
            #expect(lstat(own, &info) == 0 && info.st_mode & 0o7777 == 0o700)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
    }

    /// The message of the `failed` error `body` throws; "no error" when it throws none.
    private static func failure(_ body: () throws -> Void) -> String {
        do {
            try body()
            return "no error"
        } catch let error as LiveTextError {
            #expect(error.code == .failed)
            return error.message
        } catch {
            return "\(error)"
        }
    }
}

final class Copied: @unchecked Sendable {
    var value: String?
}
