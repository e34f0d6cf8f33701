import Foundation
import Testing
import LiveTextCore
@testable import LiveTextDetectors

private let newYork = DetectionContext(referenceDate: Date(timeIntervalSince1970: 1_767_225_600),
                                       timeZone: TimeZone(identifier: "America/New_York")!, region: "US")

private func only(_ payload: String, context: DetectionContext = newYork) -> Detection? {
    let items = CodePayloadClassifier.items(in: payload, context: context)
    return items.count == 1 ? items[0] : nil
}

private func strings(_ values: String...) -> JSONValue { .array(values.map(JSONValue.string)) }

@Suite("code payloads")
struct PayloadClassifierTests {
    // MARK: links

    @Test("URLs: scheme and host lower-cased, path kept, range the trimmed payload", arguments: [
        ("https://Example.ORG/Menu?x=1#Top", "https://example.org/Menu?x=1#Top", "example.org"),
        ("HTTP://EXAMPLE.COM", "http://example.com", "example.com"),
        ("http://[2001:DB8::1]:8080/x", "http://[2001:db8::1]:8080/x", "[2001:db8::1]"),
        ("www.example.org/qr", "https://www.example.org/qr", "www.example.org"),
        ("URLTO:example.org", "https://example.org", "example.org"),
        ("MEBKM:TITLE:Example;URL:https\\://example.org/a;;", "https://example.org/a", "example.org"),
    ])
    func links(payload: String, url: String, host: String) throws {
        let item = try #require(only(payload))
        #expect(item.kind == .link)
        #expect(item.value["url"] == .string(url))
        #expect(item.value["host"] == .string(host))
        #expect(item.range == 0..<payload.unicodeScalars.count)
    }

    @Test("white space around a URL is outside its range")
    func trimmed() throws {
        let item = try #require(only("  https://example.org/x \r\n"))
        #expect(item.range == 2..<23)
    }

    @Test("a bookmark keeps its title")
    func bookmarkTitle() throws {
        let item = try #require(only("MEBKM:TITLE:My Page;URL:http\\://example.com;;"))
        #expect(item.value["title"] == .string("My Page"))
        #expect(item.value["url"] == .string("http://example.com"))
    }

    // MARK: email

    @Test("mailto with subject and body")
    func mailto() throws {
        let item = try #require(only("mailto:Jane@Example.ORG?subject=Hello%20there&body=See+you%21"))
        #expect(item.kind == .email)
        #expect(item.value["address"] == .string("Jane@example.org"))
        #expect(item.value["subject"] == .string("Hello there"))
        #expect(item.value["body"] == .string("See you!"))
    }

    @Test("several recipients and cc")
    func recipients() throws {
        let item = try #require(only("MAILTO:a@example.org,b@example.net?cc=c@example.com"))
        #expect(item.value["to"] == strings("a@example.org", "b@example.net"))
        #expect(item.value["cc"] == strings("c@example.com"))
    }

    @Test("MATMSG and SMTP")
    func docomoMail() throws {
        let matmsg = try #require(only("MATMSG:TO:jane@example.org;SUB:Lunch\\; today?;BODY:At noon;;"))
        #expect(matmsg.value["address"] == .string("jane@example.org"))
        #expect(matmsg.value["subject"] == .string("Lunch; today?"))
        let smtp = try #require(only("SMTP:bob@example.com:Hi:How are you"))
        #expect(smtp.value["subject"] == .string("Hi"))
        #expect(smtp.value["body"] == .string("How are you"))
    }

    // MARK: phone

    @Test("tel: numbers with a best-effort E.164", arguments: [
        ("tel:+1-415-555-0123", "+14155550123"), ("TEL:+44 (20) 7946 0958", "+442079460958"),
        ("tel:0041 44 668 18 00", "+41446681800"), ("tel:415.555.0123;ext=12", "4155550123"),
        ("tel:%2B33142685300", "+33142685300"),
    ])
    func tel(payload: String, e164: String) throws {
        let item = try #require(only(payload))
        #expect(item.kind == .phone)
        #expect(item.value["e164"] == .string(e164))
        #expect(item.value["region"] == .string(""))
    }

    @Test("SMS payloads carry the body", arguments: [
        ("SMSTO:+15551234567:Running late: 10 min", "+15551234567", "Running late: 10 min"),
        ("sms:+15551234567?body=Hi%20there", "+15551234567", "Hi there"),
        ("smsto:5551234567", "5551234567", nil),
        ("MMSTO:+4915112345678:Foto", "+4915112345678", "Foto"),
    ])
    func sms(payload: String, e164: String, body: String?) throws {
        let item = try #require(only(payload))
        #expect(item.kind == .phone)
        #expect(item.value["e164"] == .string(e164))
        #expect(item.value["sms"] == .bool(true))
        #expect(item.value["body"] == body.map(JSONValue.string))
    }

    // MARK: Wi-Fi

    @Test("Wi-Fi: fields in any order, escapes, hidden networks")
    func wifi() throws {
        let basic = try #require(only("WIFI:T:WPA;S:Cafe Guest;P:latte123;H:false;;"))
        #expect(basic.kind == .wifi)
        #expect(basic.value == ["ssid": .string("Cafe Guest"), "password": .string("latte123"),
                                "security": .string("WPA"), "hidden": .bool(false)])
        let escaped = try #require(only(#"WIFI:S:My\;Net\:5G;T:WPA;P:pa\\ss\;word\,x;H:true;;"#))
        #expect(escaped.value["ssid"] == .string("My;Net:5G"))
        #expect(escaped.value["password"] == .string(#"pa\ss;word,x"#))
        #expect(escaped.value["hidden"] == .bool(true))
        let open = try #require(only("WIFI:S:Library;;"))
        #expect(open.value["security"] == .string("nopass"))
        #expect(open.value["password"] == .string(""))
        let enterprise = try #require(only("WIFI:T:WPA2-EAP;S:Corp;E:PEAP;I:jdoe;P:secret;;"))
        #expect(enterprise.value["eap"] == .string("PEAP"))
        #expect(enterprise.value["identity"] == .string("jdoe"))
        let quoted = try #require(only("WIFI:T:WEP;S:\"Home Net\";P:\"abcde\";;"))
        #expect(quoted.value["ssid"] == .string("Home Net"))
        #expect(quoted.value["password"] == .string("abcde"))
    }

    // MARK: contacts

    static let vCard3 = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;Jane;;Dr.;\r\nFN:Dr. Jane Doe\r\n"
        + "ORG:Example Corp;Research\r\nTITLE:Lead\r\nitem1.TEL;TYPE=CELL:+1 415 555 0123\r\n"
        + "TEL;TYPE=WORK,VOICE:+1 415 555 0199\r\nEMAIL;TYPE=INTERNET:jane@example.org\r\n"
        + "URL:https://example.org/jane\r\nADR;TYPE=WORK:;;1 Market St;San Francisco;CA;94105;USA\r\n"
        + "NOTE:Met at the conference\\, booth 4\r\n  continued\r\nEND:VCARD\r\n"

    @Test("vCard 3.0 with groups, parameters, folding and escapes")
    func vCard() throws {
        let item = try #require(only(Self.vCard3))
        #expect(item.kind == .contact)
        #expect(item.value["name"] == .string("Dr. Jane Doe"))
        #expect(item.value["phones"] == strings("+1 415 555 0123", "+1 415 555 0199"))
        #expect(item.value["emails"] == strings("jane@example.org"))
        #expect(item.value["urls"] == strings("https://example.org/jane"))
        #expect(item.value["organization"] == .string("Example Corp, Research"))
        #expect(item.value["address"] == .string("1 Market St, San Francisco, CA, 94105, USA"))
        #expect(item.value["title"] == .string("Lead"))
        #expect(item.value["note"] == .string("Met at the conference, booth 4 continued"))
        #expect(item.range == 0..<(Self.vCard3.unicodeScalars.count - 2))
    }

    @Test("vCard 2.1 quoted-printable, N without FN")
    func vCard21() throws {
        let payload = "BEGIN:VCARD\nVERSION:2.1\nN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=BCrgen\n"
            + "TEL;CELL:+49 30 1234567\nEND:VCARD"
        let item = try #require(only(payload))
        #expect(item.value["name"] == .string("Jürgen Müller"))
        #expect(item.value["phones"] == strings("+49 30 1234567"))
        #expect(item.value["emails"] == .array([]))
    }

    @Test("vCard 4.0 URIs, two cards, a truncated card")
    func vCards() throws {
        let second = "BEGIN:VCARD\nFN:B\nEMAIL:b@example.org\nEND:VCARD"
        let two = "BEGIN:VCARD\nVERSION:4.0\nFN:A\nTEL;VALUE=uri:tel:+1-555-0100\nEND:VCARD\n" + second
        let items = CodePayloadClassifier.items(in: two, context: newYork)
        #expect(items.map { $0.value["name"] } == [.string("A"), .string("B")])
        #expect(items.first?.value["phones"] == strings("+1-555-0100"))
        let secondStart = two.unicodeScalars.count - second.unicodeScalars.count
        #expect(items.map(\.range) == [0..<(secondStart - 1), secondStart..<two.unicodeScalars.count])
        let cut = try #require(only("BEGIN:VCARD\nFN:Jane Roe\nTEL:555"))
        #expect(cut.value["name"] == .string("Jane Roe"))
        #expect(CodePayloadClassifier.items(in: "BEGIN:VCARD\nEND:VCARD", context: newYork).isEmpty)
    }

    @Test("MECARD and BIZCARD")
    func meCard() throws {
        let me = try #require(only("MECARD:N:Doe,Jane;TEL:+14155550123;TEL:+14155550100;EMAIL:jane@example.org;"
                                   + "URL:https://example.org;ADR:1 Market St, San Francisco;ORG:Example;NOTE:Hi\\;there;;"))
        #expect(me.kind == .contact)
        #expect(me.value["name"] == .string("Jane Doe"))
        #expect(me.value["phones"] == strings("+14155550123", "+14155550100"))
        #expect(me.value["urls"] == strings("https://example.org"))
        #expect(me.value["address"] == .string("1 Market St, San Francisco"))
        #expect(me.value["note"] == .string("Hi;there"))
        let biz = try #require(only("BIZCARD:N:Sean;X:Owen;T:Engineer;C:Google;A:76 9th Ave;B:+12125551212;E:s@example.com;;"))
        #expect(biz.value["name"] == .string("Sean Owen"))
        #expect(biz.value["organization"] == .string("Google"))
        #expect(biz.value["title"] == .string("Engineer"))
    }

    // MARK: events

    @Test("VEVENT in UTC with location")
    func eventUTC() throws {
        let item = try #require(only("BEGIN:VEVENT\nSUMMARY:Launch party\nDTSTART:20260315T190000Z\n"
                                     + "DTEND:20260315T203000Z\nLOCATION:Main Hall\\, 2nd floor\nEND:VEVENT"))
        #expect(item.kind == .date)
        #expect(item.value["start"] == .string("2026-03-15T19:00:00Z"))
        #expect(item.value["end"] == .string("2026-03-15T20:30:00Z"))
        #expect(item.value["allDay"] == .bool(false))
        #expect(item.value["summary"] == .string("Launch party"))
        #expect(item.value["location"] == .string("Main Hall, 2nd floor"))
    }

    @Test("VEVENT inside VCALENDAR with TZID; its range is the event's lines")
    func eventZoned() throws {
        let payload = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nDTSTART;TZID=Europe/Berlin:20260715T090000\r\n"
            + "DTEND;TZID=Europe/Berlin:20260715T100000\r\nSUMMARY:Standup\r\nEND:VEVENT\r\nEND:VCALENDAR"
        let item = try #require(only(payload))
        #expect(item.value["start"] == .string("2026-07-15T09:00:00+02:00"))
        #expect(item.value["end"] == .string("2026-07-15T10:00:00+02:00"))
        #expect(item.value["timeZone"] == .string("Europe/Berlin"))
        let scalars = Array(payload.unicodeScalars)
        #expect(String(String.UnicodeScalarView(scalars[item.range])).hasPrefix("BEGIN:VEVENT"))
        #expect(String(String.UnicodeScalarView(scalars[item.range])).hasSuffix("END:VEVENT"))
    }

    @Test("floating times take the context's zone; all-day dates; DURATION", arguments: [
        ("DTSTART:20260110T083000", "2026-01-10T08:30:00-05:00", nil, false),
        ("DTSTART:2026-01-10T08:30:00", "2026-01-10T08:30:00-05:00", nil, false),
        ("DTSTART;VALUE=DATE:20260401\nDTEND;VALUE=DATE:20260403", "2026-04-01", "2026-04-03", true),
        ("DTSTART:20260401", "2026-04-01", nil, true),
        ("DTSTART:20260315T190000Z\nDURATION:PT1H30M", "2026-03-15T19:00:00Z", "2026-03-15T20:30:00Z", false),
        ("DTSTART;VALUE=DATE:20261231\nDURATION:P1D", "2026-12-31", "2027-01-01", true),
        ("DTSTART;TZID=Nowhere/Else:20260710T120000", "2026-07-10T12:00:00-04:00", nil, false),
    ])
    func eventForms(lines: String, start: String, end: String?, allDay: Bool) throws {
        let item = try #require(only("BEGIN:VEVENT\n" + lines + "\nSUMMARY:x\nEND:VEVENT"))
        #expect(item.value["start"] == .string(start))
        #expect(item.value["end"] == end.map(JSONValue.string))
        #expect(item.value["allDay"] == .bool(allDay))
    }

    @Test("bad events give nothing", arguments: [
        "BEGIN:VEVENT\nDTSTART:20261345\nEND:VEVENT", "BEGIN:VEVENT\nSUMMARY:No start\nEND:VEVENT",
        "BEGIN:VEVENT\nDTSTART:20260230T100000\nEND:VEVENT", "BEGIN:VCALENDAR\nBEGIN:VTODO\nDTSTART:20260101\nEND:VTODO",
        "BEGIN:VEVENT\nDTSTART:20260101T2500\nEND:VEVENT",
    ])
    func badEvents(payload: String) {
        #expect(CodePayloadClassifier.items(in: payload, context: newYork).isEmpty)
    }

    // MARK: geo

    @Test("geo: URIs")
    func geo() throws {
        let plain = try #require(only("geo:37.786971,-122.399677"))
        #expect(plain.kind == .geo)
        #expect(plain.value == ["latitude": .double(37.786971), "longitude": .double(-122.399677)])
        let full = try #require(only("GEO:48.2085,16.3731,183;u=10?q=Stephansdom+Wien"))
        #expect(full.value["altitude"] == .double(183))
        #expect(full.value["query"] == .string("Stephansdom Wien"))
    }

    @Test("bad geo: URIs give nothing", arguments: ["geo:91,0", "geo:0,181", "geo:abc,def", "geo:", "geo:1", "geo:inf,nan"])
    func badGeo(payload: String) {
        #expect(CodePayloadClassifier.items(in: payload, context: newYork).isEmpty)
    }

    // MARK: everything else

    @Test("text, unknown schemes and broken payloads give nothing", arguments: [
        "", "   ", "Hello world", "Call +1 415 555 0123", "https://exa mple.org", "https://", "mailto:",
        "mailto:not-an-address", "tel:", "tel:ab", "WIFI:;;", "WIFI:T:WPA;P:x;;", "SMSTO:", "MECARD:;;",
        "otpauth://totp/x?secret=ABC", "report.pdf", "Visit https://example.org",
    ])
    func nothing(payload: String) {
        #expect(CodePayloadClassifier.items(in: payload, context: newYork).isEmpty)
    }

    @Test("every prefix of every payload is handled without a crash, ranges inside the payload")
    func prefixes() {
        let payloads = [
            Self.vCard3, "WIFI:S:My\\;Net;T:WPA;P:p\\\\;;", "mailto:a@b.org?subject=x%2", "geo:1.5,2.5,3?q=a",
            "BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART;TZID=Europe/Berlin:20260715T090000\nDURATION:PT1H\nEND:VEVENT",
            "MECARD:N:A,B;TEL:1;;", "sms:+1555?body=%F0%9F", "tel:%", "MEBKM:URL:x;;", "BIZCARD:N:A;;",
            "BEGIN:VCARD\nN;ENCODING=QUOTED-PRINTABLE:=C3=\n=BC\nEND:VCARD",
        ]
        var count = 0
        for payload in payloads {
            let scalars = Array(payload.unicodeScalars)
            for n in 0...scalars.count {
                let prefix = String(String.UnicodeScalarView(scalars[..<n]))
                for item in CodePayloadClassifier.items(in: prefix, context: newYork) {
                    #expect(item.range.lowerBound >= 0 && item.range.upperBound <= n)
                    count += 1
                }
            }
        }
        #expect(count > 100)
    }
}
