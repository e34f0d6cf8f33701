import Foundation
import TestSupport

/// Runs a command the way a Flatpak application runs: in a mount namespace of its own
/// (`unshare --mount`) whose root is a tmpfs holding the instance file `/.flatpak-info`, with
/// `/usr` and `/tmp` (where the test bus listens) bound in. What the daemon sees of it is what it
/// sees of a real Flatpak instance: `/proc/PID/root/.flatpak-info` naming the application.
/// Needs root (a mount namespace); the tests run as root here and in CI.
struct FlatpakSandbox {
    let appID: String

    static var isAvailable: Bool { getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") }

    /// Runs `arguments` (a path inside the sandbox, then its arguments) in a new sandbox and waits
    /// for it (90 s at most).
    func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> CommandResult {
        let script = """
            set -e
            root="$SANDBOX_ROOT"
            mount -t tmpfs flatpak-test "$root"
            mkdir "$root/usr" "$root/tmp"
            mount --bind /usr "$root/usr"
            mount --rbind /tmp "$root/tmp"
            for d in bin sbin lib lib64; do ln -s usr/$d "$root/$d"; done
            printf '[Application]\\nname=%s\\nruntime=runtime/org.freedesktop.Platform/x86_64/23.08\\n' "$APP_ID" \\
                > "$root/.flatpak-info"
            exec chroot "$root" "$@"
            """
        // A directory of its own as the mount point: outside the namespace it stays empty.
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flatpak-root-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let variables = environment.merging(["APP_ID": appID, "SANDBOX_ROOT": root.path]) { $1 }
        return try await RunningCommand("/usr/bin/unshare", ["--mount", "--propagation", "private", "/bin/sh", "-c",
                                                             script, "sandbox"] + arguments,
                                        environment: variables).finish(limit: 90)
    }
}
