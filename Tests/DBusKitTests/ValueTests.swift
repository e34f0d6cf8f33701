import TestSupport
import DBusKit
import Foundation
import Testing

@Suite("values, signatures and object paths")
struct ValueTests {
    @Test("valid signatures parse into their complete types", arguments: [
        ("", 0), ("s", 1), ("sa{sv}", 2), ("aa{sv}", 1), ("(iiuu)", 1), ("a{ias}", 1), ("a(sa{sv})", 1),
        ("ybnqiuxtdsogh", 13), ("av", 1), ("a{oa{sa{sv}}}", 1), ("((s))", 1),
    ])
    func validSignatures(text: String, count: Int) throws {
        let signature = try DBusSignature(text)
        #expect(signature.types.count == count)
        #expect(DBusSignature(signature.types).rawValue == text)
    }

    @Test("invalid signatures are rejected", arguments: [
        "a", "(", ")", "()", "a{vs}", "a{s}", "a{sss}", "{sv}", "z", "(s", "a{sv", "s)",
        String(repeating: "a", count: 33) + "s", String(repeating: "(", count: 33) + "s" + String(repeating: ")", count: 33),
        String(repeating: "s", count: 256),
    ])
    func invalidSignatures(text: String) {
        #expect(throws: DBusError.self) { try DBusSignature(text) }
        #expect(!DBusSignature.isValid(text))
    }

    @Test("object path syntax")
    func objectPaths() throws {
        for good in ["/", "/a", "/org/livetext/analysis/12", "/A_b/C9"] { #expect(DBusObjectPath.isValid(good)) }
        for bad in ["", "a", "//", "/a/", "/a//b", "/a-b", "/ä", "/a b"] { #expect(!DBusObjectPath.isValid(bad)) }
        let child = try DBusObjectPath("/org/livetext").appending("analysis")
        #expect(child.rawValue == "/org/livetext/analysis")
        #expect(child.isDescendant(of: "/org"))
        #expect(!DBusObjectPath("/org2").isDescendant(of: "/org"))
        #expect(throws: DBusError.self) { try DBusObjectPath("/x").appending("a/b") }
    }

    @Test("values know their signatures")
    func signatures() {
        #expect(DBusValue.vardict(["a": 1]).signature == "a{sv}")
        #expect(DBusValue.vardicts([["a": "x"]]).signature == "aa{sv}")
        #expect(DBusValue.structure([1, 2, .uint32(3), .uint32(4)]).signature == "(iiuu)")
        #expect(DBusValue([UInt8](repeating: 1, count: 3)) == .bytes([1, 1, 1]))
        #expect(DBusValue([Int32]()).signature == "ai")
        #expect(DBusValue(["k": [Int32(1)]] as [String: [Int32]]).signature == "a{sai}")
        #expect(DBusValue.array(.string, []).signature == "as")
        #expect(DBusValue.variant(.variant(.bool(true))).signature == "v")
    }

    @Test("conversions back to Swift values")
    func conversions() {
        let options = DBusValue.vardict(["types": .strings(["text", "codes"]), "copy": true, "limit": .uint32(3)])
        #expect(options["copy"]?.bool == true)
        #expect(options["types"]?.stringArray == ["text", "codes"])
        #expect(options["limit"]?.uint32 == 3)
        #expect(options["missing"] == nil)
        #expect(options.vardict?.count == 3)
        #expect(options.decode([String: DBusValue].self)?["limit"] == .uint32(3))
        #expect(DBusValue("text").string == "text")
        #expect(DBusValue("text").int32 == nil)
        #expect(DBusValue.variant(.variant(.int64(5))).unwrapped == .int64(5))
        #expect(DBusValue.bytes([1, 2]).array == [.byte(1), .byte(2)])
        #expect(DBusValue.array(.byte, [.byte(7)]).bytes == [7])
        #expect(DBusValue([Int32(1), 2]).decode([Int32].self) == [1, 2])
        #expect(DBusValue([Int32(1), 2]).decode([UInt32].self) == nil)
    }

    @Test("invalid values are refused before marshalling")
    func invalidValues() {
        #expect(throws: DBusError.self) { try DBusValue.array(.int32, [.string("x")]).validate() }
        #expect(throws: DBusError.self) { try DBusValue.structure([]).validate() }
        #expect(throws: DBusError.self) { try DBusValue.string("a\0b").validate() }
        #expect(throws: DBusError.self) {
            try DBusValue.dictionary(key: .variant, value: .string, []).validate()
        }
        #expect(throws: DBusError.self) {
            try DBusValue.dictionary(key: .string, value: .int32, [DBusDictEntry(key: "k", value: "v")]).validate()
        }
        #expect((try? DBusValue.vardict(["a": .structure([1])]).validate()) == DBusType.dictionary(key: .string, value: .variant))
    }

    /// Whether the write end of `pipe` is still open anywhere: a non-blocking read sees EOF (0) only
    /// once every write end is closed. Unlike probing the descriptor number, this cannot be fooled by
    /// another test reusing the number.
    static func writerOpen(_ readEnd: Int32) -> Bool {
        var byte: UInt8 = 0
        return read(readEnd, &byte, 1) != 0
    }

    /// Close-on-exec: a process another test starts meanwhile must not inherit the write end and
    /// keep the pipe open (that made this test fail under the full suite).
    static func makePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw TestFailure("pipe failed") }
        // (pipe2 with O_CLOEXEC would leave no window at all, but Glibc's module does not export it.)
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        return (ends[0], ends[1])
    }

    @Test("a file descriptor closes on release unless taken")
    func fileDescriptorOwnership() throws {
        let released = try Self.makePipe()
        defer { close(released.read) }
        do {
            let writer = DBusFileDescriptor(owning: released.write)
            #expect(writer.rawValue == released.write)
            #expect(Self.writerOpen(released.read))
        }
        #expect(!Self.writerOpen(released.read))

        let kept = try Self.makePipe()
        defer { close(kept.read) }
        var taken: Int32?
        do {
            let writer = DBusFileDescriptor(owning: kept.write)
            taken = writer.take()
            #expect(writer.rawValue == nil)
            #expect(writer.take() == nil)
        }
        #expect(taken == kept.write)
        #expect(Self.writerOpen(kept.read))
        close(kept.write)
        #expect(!Self.writerOpen(kept.read))
    }
}
