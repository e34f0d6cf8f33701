import DBusKit
import LiveTextCore

/// The rectangle mutter's monitors cover together, in its layout's coordinates, read from
/// `org.gnome.Mutter.DisplayConfig.GetCurrentState`: each logical monitor at its place, as large
/// as its monitor's current mode (divided by its scale where the layout is logical, GNOME's
/// default on Wayland; turned a quarter where it is rotated). What a screen cast of the whole
/// layout records.
struct MutterDisplayLayout: Equatable, Sendable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    static let busName = "org.gnome.Mutter.DisplayConfig"
    static let path: DBusObjectPath = "/org/gnome/Mutter/DisplayConfig"

    init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    /// The layout in `state`, the reply's four values (serial, monitors, logical monitors, properties).
    init(state: [DBusValue]) throws {
        guard state.count >= 4, let monitors = state[1].array, let logical = state[2].array else {
            throw LiveTextError(.failed, "mutter's DisplayConfig answered GetCurrentState with a reply of another shape")
        }
        // 1: logical (sizes divided by the scale), 2: physical.
        let scaled = state[3].vardict?["layout-mode"]?.unwrapped.uint32 != 2
        var modes: [String: (width: Int, height: Int)] = [:]
        for monitor in monitors {
            guard let fields = monitor.fields, fields.count >= 2, let connector = fields[0].fields?.first?.string else { continue }
            for mode in fields[1].array ?? [] {
                guard let values = mode.fields, values.count >= 7, let width = values[1].int32, let height = values[2].int32,
                      values[6].vardict?["is-current"]?.unwrapped.bool == true else { continue }
                modes[connector] = (Int(width), Int(height))
            }
        }
        var covered: (left: Int, top: Int, right: Int, bottom: Int)?
        for entry in logical {
            guard let fields = entry.fields, fields.count >= 6, let x = fields[0].int32, let y = fields[1].int32,
                  let scale = fields[2].double, scale > 0, let transform = fields[3].uint32 else { continue }
            // Its monitors mirror each other: the first one's mode gives the size.
            let connectors = (fields[5].array ?? []).compactMap { $0.fields?.first?.string }
            guard let mode = connectors.lazy.compactMap({ modes[$0] }).first else { continue }
            let turned = transform % 2 == 1
            var width = turned ? mode.height : mode.width, height = turned ? mode.width : mode.height
            if scaled {
                width = Int((Double(width) / scale).rounded())
                height = Int((Double(height) / scale).rounded())
            }
            let box = (left: Int(x), top: Int(y), right: Int(x) + width, bottom: Int(y) + height)
            covered = covered.map { (min($0.left, box.left), min($0.top, box.top), max($0.right, box.right), max($0.bottom, box.bottom)) }
                ?? box
        }
        guard let covered, covered.right > covered.left, covered.bottom > covered.top else {
            throw LiveTextError(.unavailable, "mutter reports no monitor with a current mode")
        }
        x = covered.left
        y = covered.top
        width = covered.right - covered.left
        height = covered.bottom - covered.top
    }

    /// The layout now, asked on `connection`.
    static func current(on connection: DBusConnection) async throws -> MutterDisplayLayout {
        let reply = try await connection.call(destination: busName, path: path, interface: busName,
                                              member: "GetCurrentState", timeout: .seconds(2))
        return try MutterDisplayLayout(state: reply)
    }
}
