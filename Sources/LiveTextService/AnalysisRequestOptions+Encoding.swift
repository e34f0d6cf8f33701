import DBusKit
import LiveTextCore

extension AnalysisRequestOptions {
    /// The options as a client sends them: only what is set (a flag only when on), so the daemon's
    /// settings decide the rest. Numbers out of a key's range are clamped; the daemon refuses what
    /// then names nothing (a region of no width).
    public func encode() -> [String: DBusValue] {
        var options: [String: DBusValue] = [:]
        if let types { options["types"] = .strings(AnalysisTypes.names.filter { types.contains($0.1) }.map(\.0)) }
        if let languages, !languages.isAutomatic { options["languages"] = .strings(languages.names) }
        if let only, !only.isEmpty { options["only"] = .strings(only.names) }
        if let interaction { options["interaction"] = .strings(interaction.map(\.rawValue)) }
        for (key, on) in [("copy", copy), ("primary", primary), ("notify", notify), ("replace", replace),
                          ("live", live && capture != nil)] where on {
            options[key] = .bool(true)
        }
        if let display, !display.isEmpty {
            options["display"] = .string(display)
            if let xauthority, !xauthority.isEmpty { options["xauthority"] = .string(xauthority) }
        }
        if let waylandDisplay, !waylandDisplay.isEmpty { options["wayland_display"] = .string(waylandDisplay) }
        if let activationToken, !activationToken.isEmpty { options["activation_token"] = .string(activationToken) }
        if let accessibility, capture != nil { options["accessibility"] = .bool(accessibility) }
        switch capture {
        case nil, .screen: break
        case .select: options["interactive"] = .bool(true)
        case .pickWindow: options["pick_window"] = .bool(true)
        case .monitor(let index): options["monitor"] = .uint32(UInt32(clamping: index))
        case .window(let id): options["window"] = .uint64(UInt64(id))
        case .region(let r):
            options["region"] = .structure([.int32(Int32(clamping: r.x)), .int32(Int32(clamping: r.y)),
                                            .uint32(UInt32(clamping: r.width)), .uint32(UInt32(clamping: r.height))])
        }
        return options
    }
}
