import Foundation
import LiveTextCore

/// A sandboxed application behind a caller: what xdg-desktop-portal goes by.
struct SandboxedApp: Sendable, Hashable, CustomStringConvertible {
    enum Kind: String, Sendable { case flatpak = "Flatpak", snap }

    let kind: Kind
    /// The Flatpak application id (`org.example.App`) or `snap.NAME`: what `[access]` lists.
    let id: String

    var description: String { "\(id) (\(kind.rawValue))" }
}

/// Tells whether a process runs in a Flatpak or snap sandbox, the way xdg-desktop-portal does:
/// a Flatpak instance carries `/.flatpak-info` in its own root (`/proc/PID/root`, its mount
/// namespace: the sandbox cannot remove it, and nothing outside one has it), a snap runs in a
/// `snap.NAME.APP` cgroup scope and AppArmor profile.
enum CallerSandbox {
    /// The sandbox of process `pid`, `nil` for one outside any. Throws when the process cannot be
    /// looked at (gone, or its root unreadable): then nobody can tell, and the caller is refused.
    static func of(pid: UInt32, proc: String = "/proc") throws -> SandboxedApp? {
        let root = "\(proc)/\(pid)/root"
        if let info = FileManager.default.contents(atPath: root + "/.flatpak-info") {
            let id = flatpakApplication(info: String(decoding: info, as: UTF8.self))
            // An instance file without a name: a sandbox all the same, under a name no list holds.
            return SandboxedApp(kind: .flatpak, id: id ?? "flatpak.unnamed")
        }
        // The root itself must be readable: otherwise the missing file above proves nothing.
        guard (try? FileManager.default.contentsOfDirectory(atPath: root)) != nil else {
            throw LiveTextError(.accessDenied, "cannot tell whether the caller (pid \(pid)) is sandboxed: "
                                + "\(root) cannot be read")
        }
        if let cgroup = try? String(contentsOfFile: "\(proc)/\(pid)/cgroup", encoding: .utf8),
           let name = snapName(cgroup: cgroup) {
            return SandboxedApp(kind: .snap, id: "snap." + name)
        }
        if let label = try? String(contentsOfFile: "\(proc)/\(pid)/attr/current", encoding: .utf8),
           let name = snapName(appArmorLabel: label) {
            return SandboxedApp(kind: .snap, id: "snap." + name)
        }
        return nil
    }

    /// `name` of the `[Application]` group of a Flatpak instance file (`[Runtime]` for a runtime
    /// run by itself); `nil` when it has none that is an application id.
    static func flatpakApplication(info: String) -> String? {
        var group = ""
        var names: [String: String] = [:]
        for raw in info.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") && line.hasSuffix("]") {
                group = String(line.dropFirst().dropLast())
            } else if line.hasPrefix("name="), names[group] == nil {
                names[group] = String(line.dropFirst("name=".count)).trimmingCharacters(in: .whitespaces)
            }
        }
        return [names["Application"], names["Runtime"]].compactMap { $0 }.first { Self.isFlatpakID($0) }
    }

    /// The snap of a `/proc/PID/cgroup`: a unit `snap.NAME.APP-….scope` (or `snap.NAME.APP.service`)
    /// in any hierarchy.
    static func snapName(cgroup: String) -> String? {
        for line in cgroup.split(whereSeparator: \.isNewline) {
            for unit in line.split(separator: "/") where unit.hasPrefix("snap.")
                && (unit.hasSuffix(".scope") || unit.hasSuffix(".service")) {
                if let name = snapName(in: unit) { return name }
            }
        }
        return nil
    }

    /// The snap of an AppArmor label, `snap.NAME.APP (enforce)`; `unconfined` and others are none.
    static func snapName(appArmorLabel label: String) -> String? {
        let profile = label.split(separator: " ").first ?? ""
        return profile.hasPrefix("snap.") ? snapName(in: profile) : nil
    }

    /// NAME of `snap.NAME.…`: lower-case letters, digits and dashes, as snapd names snaps.
    private static func snapName(in text: Substring) -> String? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[0] == "snap" else { return nil }
        let name = parts[1]
        guard !name.isEmpty, name.count <= 40,
              name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
        else { return nil }
        return String(name)
    }

    /// Flatpak's rule: at least three dot-separated parts of letters, digits, `_` and `-`, none
    /// starting with a digit, 255 characters at most.
    private static func isFlatpakID(_ id: String) -> Bool {
        let parts = id.split(separator: ".", omittingEmptySubsequences: false)
        return id.utf8.count <= 255 && parts.count >= 3 && parts.allSatisfy { part in
            guard let first = part.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
            return part.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-")
            }
        }
    }
}
