import DBusKit

/// One object on the accessibility bus: the application's connection and a path in it.
struct AccessibleObject: Hashable, Sendable {
    let bus: String
    let path: DBusObjectPath

    /// The `(so)` references AT-SPI replies with; malformed ones are left out.
    static func list(_ value: DBusValue?) -> [AccessibleObject] {
        (value?.array ?? []).compactMap(one)
    }

    /// One `(so)` reference; nil when malformed or null.
    static func one(_ value: DBusValue?) -> AccessibleObject? {
        guard let fields = value?.fields, fields.count == 2, let bus = fields[0].string,
              let path = fields[1].objectPath, !bus.isEmpty, path != "/org/a11y/atspi/null"
        else { return nil }
        return AccessibleObject(bus: bus, path: path)
    }
}

/// AT-SPI's numbers, as the specification fixes them.
enum ATSPI {
    static let registry = "org.a11y.atspi.Registry"
    static let root: DBusObjectPath = "/org/a11y/atspi/accessible/root"
    static let prefix = "org.a11y.atspi."
    static let textInterface = "org.a11y.atspi.Text"
    /// `AtspiCoordType`.
    static let screenCoordinates: UInt32 = 0
    /// `AtspiTextGranularity` LINE.
    static let lineGranularity: UInt32 = 3
    /// `AtspiTextBoundaryType` LINE_START (Qt's `GetTextAtOffset`).
    static let lineStartBoundary: UInt32 = 5
    /// `AtspiStateType` bits.
    static let showing = 25, visible = 30
    /// `AtspiCollectionMatchType` ALL, `AtspiCollectionSortOrder` CANONICAL.
    static let matchAll: Int32 = 1, canonical: UInt32 = 1

    /// Collection's match rule `(aiia{ss}iaiiasib)`: SHOWING objects that implement Text.
    static var showingTextRule: DBusValue {
        .structure([
            .array(.int32, [.int32(Int32(1 << showing)), .int32(0)]), .int32(matchAll),
            .dictionary(key: .string, value: .string, []), .int32(matchAll),
            .array(.int32, []), .int32(matchAll),
            .array(.string, [.string("Text")]), .int32(matchAll),
            .bool(false),
        ])
    }

    /// The integers of a reply, whether sent as separate values or as one struct (`GetExtents`).
    static func integers(_ reply: [DBusValue]) -> [Int] {
        reply.flatMap { value -> [Int] in
            if let fields = value.fields { return integers(fields) }
            if let v = value.int32 { return [Int(v)] }
            if let v = value.uint32 { return [Int(v)] }
            return []
        }
    }

    /// Whether a state set `au` holds `bit`.
    static func has(_ bit: Int, in states: [DBusValue]) -> Bool {
        let words = states.first?.array?.compactMap(\.uint32) ?? []
        let word = bit / 32
        return word < words.count && words[word] & (1 << UInt32(bit % 32)) != 0
    }
}
