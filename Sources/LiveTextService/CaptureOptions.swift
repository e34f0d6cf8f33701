import DBusKit
import LiveTextCore
import LiveTextDesktop

/// What `CaptureScreen` captures, from its options: `region` (iiuu: x, y, width, height),
/// `window` (t, or u), `interactive` (b: the user drags a rectangle), `pick_window` (b: the user
/// clicks a window), `monitor` (u: by index). None of them: the whole screen. More than one is
/// `InvalidArgs`, and so is a known key with the wrong type.
enum CaptureOptions {
    static func request(_ options: [String: DBusValue]) throws -> CaptureRequest {
        var chosen: [(String, CaptureRequest)] = []
        if let value = options["region"] {
            guard let fields = value.fields, fields.count == 4, let x = fields[0].int32, let y = fields[1].int32,
                  let width = fields[2].uint32, let height = fields[3].uint32 else {
                throw LiveTextError(.invalidArgs, "option 'region' must be (iiuu): x, y, width, height, not '\(value.signature)'")
            }
            guard width > 0, height > 0 else {
                throw LiveTextError(.invalidArgs, "option 'region' is empty: width and height must be positive")
            }
            chosen.append(("region", .region(Bounds(x: Int(x), y: Int(y), width: Int(width), height: Int(height)))))
        }
        if let value = options["window"] {
            guard let id = value.uint64.map(UInt.init) ?? value.uint32.map(UInt.init), id != 0 else {
                throw LiveTextError(.invalidArgs, "option 'window' must be a window id (t), not '\(value.signature)'")
            }
            chosen.append(("window", .window(id)))
        }
        if let value = options["monitor"] {
            guard let index = value.uint32 else {
                throw LiveTextError(.invalidArgs, "option 'monitor' must be an index (u), not '\(value.signature)'")
            }
            chosen.append(("monitor", .monitor(Int(index))))
        }
        for (key, request) in [("interactive", CaptureRequest.select), ("pick_window", .pickWindow)] {
            guard let value = options[key] else { continue }
            guard let on = value.bool else {
                throw LiveTextError(.invalidArgs, "option '\(key)' must be a boolean (b), not '\(value.signature)'")
            }
            if on { chosen.append((key, request)) }
        }
        guard chosen.count <= 1 else {
            throw LiveTextError(.invalidArgs, "options \(chosen.map { "'\($0.0)'" }.joined(separator: " and ")) "
                                + "exclude each other: give one")
        }
        return chosen.first?.1 ?? .screen
    }
}
