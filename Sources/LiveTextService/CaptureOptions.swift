import DBusKit
import LiveTextCore
import LiveTextDesktop

/// What `CaptureScreen` captures, from its options: `region` (iiuu: x, y, width, height),
/// `window` (t, or u), `interactive` (b: the user drags a rectangle), `pick_window` (b: the user
/// clicks a window), `monitor` (u: by index). None of them: the whole screen. More than one is
/// `InvalidArgs`, and so is a known key with the wrong type or a value that names nothing.
enum CaptureOptions {
    static func request(_ options: [String: DBusValue]) throws -> CaptureRequest {
        var chosen: [(String, CaptureRequest)] = []
        if let value = options["region"] {
            guard let fields = value.fields, fields.count == 4, let x = fields[0].int32, let y = fields[1].int32,
                  let width = fields[2].uint32, let height = fields[3].uint32 else {
                throw wrongType("region", expected: "a rectangle (iiuu: x, y, width, height)", got: value)
            }
            guard width > 0, height > 0 else {
                throw LiveTextError(.invalidArgs, "option 'region' is empty: width and height must be positive")
            }
            chosen.append(("region", .region(Bounds(x: Int(x), y: Int(y), width: Int(width), height: Int(height)))))
        }
        if let value = options["window"] {
            guard let id = value.uint64.map(UInt.init) ?? value.uint32.map(UInt.init) else {
                throw wrongType("window", expected: "an X window id (t, or u)", got: value)
            }
            guard id != 0 else {
                throw LiveTextError(.invalidArgs, "option 'window' is 0, which is no window: give the id of a "
                                    + "window (xdotool selectwindow or xwininfo show one), or pick_window to click one")
            }
            chosen.append(("window", .window(id)))
        }
        if let value = options["monitor"] {
            guard let index = value.uint32 else {
                throw wrongType("monitor", expected: "a monitor index (u)", got: value)
            }
            chosen.append(("monitor", .monitor(Int(index))))
        }
        for (key, request) in [("interactive", CaptureRequest.select), ("pick_window", .pickWindow)] {
            guard let value = options[key] else { continue }
            guard let on = value.bool else {
                throw wrongType(key, expected: "a boolean (b)", got: value)
            }
            if on { chosen.append((key, request)) }
        }
        guard chosen.count <= 1 else {
            throw LiveTextError(.invalidArgs, "options \(chosen.map { "'\($0.0)'" }.joined(separator: " and ")) "
                                + "exclude each other: give one")
        }
        return chosen.first?.1 ?? .screen
    }

    private static func wrongType(_ key: String, expected: String, got value: DBusValue) -> LiveTextError {
        LiveTextError(.invalidArgs, "option '\(key)' must be \(expected), not \(value.type.spokenName)")
    }
}

extension DBusType {
    /// The type as a person says it, with its signature: "a string (s)", "an array (as)".
    var spokenName: String {
        let name: String
        switch self {
        case .byte: name = "a byte"
        case .bool: name = "a boolean"
        case .int16: name = "an int16"
        case .uint16: name = "a uint16"
        case .int32: name = "an int32"
        case .uint32: name = "a uint32"
        case .int64: name = "an int64"
        case .uint64: name = "a uint64"
        case .double: name = "a double"
        case .string: name = "a string"
        case .objectPath: name = "an object path"
        case .signature: name = "a signature"
        case .unixFD: name = "a file descriptor"
        case .variant: name = "a variant"
        case .array: name = "an array"
        case .dictionary: name = "a dictionary"
        case .structure: name = "a structure"
        }
        return "\(name) (\(signature))"
    }
}
