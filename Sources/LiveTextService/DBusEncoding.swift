import DBusKit
import LiveTextCore

/// The analysis model as D-Bus values: items, codes and actions as `a{sv}`.
enum DBusEncoding {
    static func value(_ json: JSONValue) -> DBusValue {
        switch json {
        case .null: .string("")
        case .bool(let b): .bool(b)
        case .int(let i): .int64(Int64(i))
        case .double(let d): .double(d)
        case .string(let s): .string(s)
        case .array(let items): .array(.variant, items.map { .variant(value($0)) })
        case .object(let members): .vardict(members.mapValues(value))
        }
    }

    static func bounds(_ b: Bounds) -> DBusValue {
        .structure([.int32(Int32(clamping: b.x)), .int32(Int32(clamping: b.y)),
                    .int32(Int32(clamping: b.width)), .int32(Int32(clamping: b.height))])
    }

    /// Four `(dd)` corners, clockwise from the top-left as the text reads.
    static func quad(_ q: Quad) -> DBusValue {
        .array("(dd)", q.corners.map { .structure([.double($0.x), .double($0.y)]) })
    }

    static func item(_ item: DetectedItem) -> [String: DBusValue] {
        var fields: [String: DBusValue] = [
            "type": .string(item.kind.rawValue), "text": .string(item.text), "start": .int32(Int32(clamping: item.start)),
            "end": .int32(Int32(clamping: item.end)), "source": .string(item.source.rawValue),
            "value": .vardict(item.value.mapValues(value)),
        ]
        if let b = item.bounds { fields["bounds"] = bounds(b) }
        if let lines = item.lines { fields["lines"] = .array("(iiii)", lines.map(bounds)) }
        if let q = item.quad { fields["quad"] = quad(q) }
        if let quads = item.lineQuads { fields["lineQuads"] = .array("a(dd)", quads.map(quad)) }
        return fields
    }

    static func code(_ code: MachineReadableCode) -> [String: DBusValue] {
        ["symbology": .string(code.symbology), "payload": .string(code.payload), "bounds": bounds(code.bounds)]
    }

    static func action(_ action: QuickAction) -> [String: DBusValue] {
        ["id": .string(action.id), "title": .string(action.title), "kind": .string(action.kind.rawValue),
         "target": .string(action.target)]
    }
}
