import TestSupport
import DBusKit
import Foundation
import Testing

@Suite("round trips through a private dbus-daemon")
struct RoundTripTests {
    static let everyType: [DBusValue] = [
        .byte(200), .bool(true), .int16(-12345), .uint16(54321), .int32(-2_000_000_000), .uint32(4_000_000_000),
        .int64(-9_000_000_000_000), .uint64(18_000_000_000_000_000_000), .double(3.25), .string("héllo ✓ \"quoted\""),
        .objectPath("/org/livetext/analysis/7"), .signature("a{sv}"),
        .vardict(["types": .strings(["text", "codes"]), "copy": true, "region": .structure([1, 2, .uint32(3), .uint32(4)]),
                  "nested": .vardict(["deeper": .vardict(["x": .double(1.5)])]), "empty": .array(.string, [])]),
        .vardicts([["type": "phone", "start": .int32(3)], [:], ["value": .vardict(["e164": "+14155550123"])]]),
        .structure([-1, 2, .uint32(3), .uint32(4)]),
        .bytes([0, 1, 2, 255]),
        .array(.variant, [.variant(.int32(1)), .variant("two"), .variant(.variant(.bool(false))), .variant(.bytes([]))]),
        .dictionary(key: .int32, value: .array(.string), [
            DBusDictEntry(key: 1, value: .strings(["a"])), DBusDictEntry(key: -1, value: .strings([])),
        ]),
        .array(.structure([.string, .dictionary(key: .string, value: .variant)]), [
            .structure(["first", .vardict(["k": .uint64(1)])]),
        ]),
    ]

    @Test("every type survives a DBusKit → service → DBusKit round trip")
    func everyTypeRoundTrip() async throws {
        try await Fixture.with { f async throws in
            let reply = try await f.call("EchoAll", Self.everyType)
            #expect(reply.count == Self.everyType.count)
            for (sent, received) in zip(Self.everyType, reply) {
                #expect(sent == received, "\(sent.signature)")
            }
        }
    }

    @Test("variants holding empty arrays and nested variants round-trip")
    func variants() async throws {
        try await Fixture.with { f async throws in
            for value: DBusValue in [.variant(.array(.string, [])), .variant(.vardict([:])), .variant(.variant(1)),
                                     .variant(.bytes([]))] {
                #expect(try await f.call("EchoVariant", [value]) == [value])
            }
        }
    }

    @Test("a 1 MB byte array round-trips intact")
    func megabyte() async throws {
        try await Fixture.with { f async throws in
            let bytes = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
            var arguments = Self.everyType
            arguments[15] = .bytes(bytes)
            let reply = try await f.call("EchoAll", arguments)
            #expect(reply[15].bytes == bytes)
        }
    }

    @Test("a memfd passed in is read by the service, and one passed back is readable")
    func fileDescriptors() async throws {
        try await Fixture.with { f async throws in
            #expect(f.client.canSendFileDescriptors)
            #expect(f.service.canSendFileDescriptors)
            let contents = Array("pixels \u{1F600}".utf8) + [0, 1, 2]
            let memfd = try DBusKit.makeMemoryFile(contents: contents)
            let read = try await f.call("ReadFd", [.unixFD(memfd)])
            #expect(read == [.bytes(contents)])
            // Ours stays open: libdbus duplicated it when appending.
            #expect(memfd.rawValue.map { fcntl($0, F_GETFD) >= 0 } == true)

            let back = try await f.call("PassFd", [.unixFD(memfd)])
            let returned = try #require(back.first?.fileDescriptor?.rawValue)
            #expect(returned != memfd.rawValue)
            #expect(try readAll(returned) == contents)
        }
    }

    @Test("gdbus sends and reads a{sv}, aa{sv}, (iiuu) and ay")
    func gdbusTypes() async throws {
        try await Fixture.with { f async throws in
            let variant = try await runCommand("/usr/bin/gdbus", f.gdbusCall + [
                "\(TestService.interfaceName).EchoVariant",
                "<{'types': <['text']>, 'region': <(1, 2, uint32 3, uint32 4)>, 'items': <[{'a': <int64 5>}]>, 'raw': <b'hi'>}>",
            ])
            #expect(variant.status == 0, "\(variant.stderr)")
            let out = variant.stdout
            #expect(out.contains("'types': <['text']>"), "\(out)")
            #expect(out.contains("'region': <(1, 2, uint32 3, uint32 4)>"), "\(out)")
            #expect(out.contains("'items': <[{'a': <int64 5>}]>"), "\(out)")
            #expect(out.contains("'raw': <b'hi'>") || out.contains("'raw': <[byte 0x68, 0x69]>"), "\(out)")

            let add = try await runCommand("/usr/bin/gdbus", f.gdbusCall + ["\(TestService.interfaceName).Add", "40", "2"])
            #expect(add.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "(42,)", "\(add.stderr)")
        }
    }

    @Test("busctl and dbus-send get answers")
    func busctlAndDbusSend() async throws {
        try await Fixture.with { f async throws in
            let busctl = try await runCommand("/usr/bin/busctl", [
                "--address=\(f.bus.address)", "call", TestService.name, TestService.path.rawValue,
                TestService.interfaceName, "Add", "ii", "5", "7",
            ])
            #expect(busctl.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "i 12", "\(busctl.stderr)")

            let dict = try await runCommand("/usr/bin/busctl", [
                "--address=\(f.bus.address)", "call", TestService.name, TestService.path.rawValue,
                TestService.interfaceName, "EchoVariant", "v", "a{sv}", "2", "k", "s", "v", "n", "u", "7",
            ])
            #expect(dict.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "v a{sv} 2 \"k\" s \"v\" \"n\" u 7",
                    "\(dict.stdout) \(dict.stderr)")

            let send = try await runCommand("/usr/bin/dbus-send", [
                "--bus=\(f.bus.address)", "--print-reply", "--dest=\(TestService.name)", TestService.path.rawValue,
                "\(TestService.interfaceName).EchoString", "string:from dbus-send",
            ])
            #expect(send.status == 0, "\(send.stderr)")
            #expect(send.stdout.contains("string \"from dbus-send\""), "\(send.stdout)")

            let ping = try await runCommand("/usr/bin/busctl", [
                "--address=\(f.bus.address)", "call", TestService.name, TestService.path.rawValue,
                "org.freedesktop.DBus.Peer", "Ping",
            ])
            #expect(ping.status == 0, "Peer.Ping: \(ping.stderr)")
        }
    }

    @Test("the handler sees the caller's unique name")
    func sender() async throws {
        try await Fixture.with { f async throws in
            #expect(f.client.uniqueName.hasPrefix(":"))
            #expect(try await f.call("Sender") == [.string(f.client.uniqueName)])
        }
    }
}
