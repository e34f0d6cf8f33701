import CWayland
import CWaylandProtocols
import LiveTextCore

/// Which `wl_output` each part of the live surface goes on: the one named (by `wl_output.name`,
/// version 4, or `zxdg_output_v1.name` on compositors whose outputs are older, as sway 1.7's
/// are), or the first announced.
enum LiveOutputChoice {
    /// Binds, for each of `names`, the output of that name (nil: the first), each bound anew; nil
    /// where the compositor announced no output at all (it then picks one itself). Throws
    /// `notFound` for a name no output has.
    static func bind(_ names: [String?], on connection: WaylandConnection) throws -> [OpaquePointer?] {
        let outputs = connection.globals("wl_output")
        let wanted = Set(names.compactMap { $0 })
        guard !wanted.isEmpty else {
            return names.map { _ in outputs.first.map { connection.bind($0, lt_wl_output_interface(), version: 4) } }
        }
        let seen = outputs.map { global in
            let output = connection.bind(global, lt_wl_output_interface(), version: 4)
            let names = Unmanaged.passRetained(OutputNames())
            wl_output_add_listener(output, outputListener.pointer, names.toOpaque())
            return (output: output, names: names)
        }
        var extended: [OpaquePointer] = []
        var manager: OpaquePointer?
        if let global = connection.global("zxdg_output_manager_v1"), global.version >= 2 {
            let bound = connection.bind(global, lt_zxdg_output_manager_v1_interface(), version: 3)
            manager = bound
            for output in seen {
                let made = zxdg_output_manager_v1_get_xdg_output(bound, output.output)!
                zxdg_output_v1_add_listener(made, xdgOutputListener.pointer, output.names.toOpaque())
                extended.append(made)
            }
        }
        defer {
            extended.forEach { zxdg_output_v1_destroy($0) }
            if let manager { zxdg_output_manager_v1_destroy(manager) }
            seen.forEach { $0.names.release() }
        }
        try connection.roundtrip(within: .seconds(5))
        var unused = seen.map(\.output)
        defer { unused.forEach(release) }
        return try names.map { name in
            guard let name else { return outputs.first.map { connection.bind($0, lt_wl_output_interface(), version: 4) } }
            guard let index = seen.firstIndex(where: { $0.names.takeUnretainedValue().names.contains(name) }) else {
                let known = seen.compactMap { $0.names.takeUnretainedValue().names.first }
                throw LiveTextError(.notFound, "the Wayland compositor has no output named '\(name)'"
                                    + (known.isEmpty ? "" : " (it has \(known.joined(separator: ", ")))"))
            }
            let chosen = seen[index].output
            guard let at = unused.firstIndex(of: chosen) else {
                // Named twice: a fresh binding for the second.
                return connection.bind(outputs[index], lt_wl_output_interface(), version: 4)
            }
            unused.remove(at: at)
            return chosen
        }
    }

    /// Lets go of an output bound here.
    static func release(_ output: OpaquePointer) {
        if wl_proxy_get_version(output) >= 3 { wl_output_release(output) } else { wl_output_destroy(output) }
    }

    private final class OutputNames {
        var names: [String] = []
    }

    private static func record(_ data: UnsafeMutableRawPointer?, _ name: UnsafePointer<CChar>?) {
        guard let data, let name else { return }
        Unmanaged<OutputNames>.fromOpaque(data).takeUnretainedValue().names.append(String(cString: name))
    }

    private static let outputListener = ListenerTable(wl_output_listener(
        geometry: { _, _, _, _, _, _, _, _, _, _ in },
        mode: { _, _, _, _, _, _ in },
        done: { _, _ in },
        scale: { _, _, _ in },
        name: { data, _, name in record(data, name) },
        description: { _, _, _ in }))

    private static let xdgOutputListener = ListenerTable(zxdg_output_v1_listener(
        logical_position: { _, _, _, _ in },
        logical_size: { _, _, _, _ in },
        done: { _, _ in },
        name: { data, _, name in record(data, name) },
        description: { _, _, _ in }))
}
