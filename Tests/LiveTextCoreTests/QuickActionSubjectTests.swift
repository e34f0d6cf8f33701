import Foundation
import Testing
import LiveTextCore

@Suite("what a quick action acts on")
struct QuickActionSubjectTests {
    static let items = [
        DetectedItem(kind: .phone, text: "555 0100", start: 0, end: 8),
        DetectedItem(kind: .date, text: "Mar 3", start: 10, end: 15),
        DetectedItem(kind: .phone, text: "555 0199", start: 20, end: 28),
        DetectedItem(kind: .wifi, text: "WIFI:S:x;;", start: 0, end: 10, source: .code),
    ]

    @Test("an id names the n-th item of its kind, a code, or the text; anything else names nothing",
          arguments: [
            ("call-phone-0", QuickAction.Subject?.some(.item(0))),
            ("copy-phone-1", .some(.item(2))),
            ("calendar-date-0", .some(.item(1))),
            ("copy-wifi-0", .some(.item(3))),
            ("copy-code-0", .some(.code(0))),
            ("copy-text", .some(.text)),
            ("lookup-text", .some(.text)),
            ("call-phone-2", nil),
            ("copy-code-1", nil),
            ("open-link-0", nil),
            ("open-faces-0", nil),
            ("call-phone--1", nil),
            ("call", nil),
          ])
    func subjectOfID(id: String, expected: QuickAction.Subject?) {
        #expect(QuickAction.subject(ofID: id, items: Self.items, codeCount: 1) == expected)
    }

    static func document(actions: String) -> Data {
        let items = Self.items.map { $0.orderedJSON.serialized() }.joined(separator: ",")
        let code = #"{"symbology":"QR-Code","payload":"WIFI:S:x;;","bounds":[0,0,9,9]}"#
        return Data(("{\"image\":{\"width\":9,\"height\":9,\"source\":\"stdin\"},\"text\":\"\",\"blocks\":[],"
            + "\"codes\":[\(code)],\"items\":[\(items)],\"actions\":[\(actions)],\"timing\":{\"totalMs\":1}}").utf8)
    }

    @Test("a decoded analysis gives each action its subject again, as the analyzer made it")
    func decodedSubjects() throws {
        let actions = #"{"id":"copy-phone-1","title":"Copy","kind":"copy","target":"555 0199"},"#
            + #"{"id":"copy-code-0","title":"Copy","kind":"copy","target":"x"}"#
        let analysis = try JSONDecoder().decode(ImageAnalysis.self, from: Self.document(actions: actions))
        #expect(analysis.actions.map(\.subject) == [.item(2), .code(0)])
        #expect(analysis.actions.map(\.kind) == [.copy, .copy])
        #expect(analysis.items.map(\.kind) == [.phone, .date, .phone, .wifi])
    }

    @Test("a document whose action names no item, or has an unknown kind, does not decode",
          arguments: [
            #"{"id":"call-phone-5","title":"Call","kind":"call","target":"tel:1"}"#,
            #"{"id":"call-phone-0","title":"Call","kind":"teleport","target":"tel:1"}"#,
          ])
    func undecodable(action: String) {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ImageAnalysis.self, from: Self.document(actions: action))
        }
    }

    @Test("the JSON keeps the contract's strings: an item's type, an action's kind, no subject")
    func strings() {
        let item = DetectedItem(kind: .measurement, text: "3 kg", start: 0, end: 4).orderedJSON.serialized()
        #expect(item.hasPrefix(#"{"type":"measurement","text":"3 kg""#))
        let action = QuickAction(id: "copy-text", title: "Copy Text", kind: .copy, target: "t", subject: .text)
        #expect(action.orderedJSON.serialized() == #"{"id":"copy-text","title":"Copy Text","kind":"copy","target":"t"}"#)
    }
}

@Suite("item kinds typed by people")
struct ItemKindNameTests {
    @Test("every kind parses from its own name, and the list of names holds them all")
    func everyKind() throws {
        for kind in ItemKind.allCases {
            #expect(ItemKind(filterName: kind.rawValue) == kind)
            #expect(ItemKind.nameList.contains(kind.rawValue))
        }
        #expect(try ItemKind.parseList(["telephoneNumber, wifi", "geo"]) == [.phone, .wifi, .geo])
    }

    @Test("an unknown name is refused with every valid name")
    func unknown() {
        #expect {
            try ItemKind.parseList(["phone,faces"])
        } throws: { error in
            let text = "\(error)"
            return text.contains("'faces'") && ItemKind.allCases.allSatisfy { text.contains($0.rawValue) }
        }
    }
}
