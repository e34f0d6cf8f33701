import ArgumentParser
import Foundation
import LiveTextConfig
import LiveTextCore

/// `livetext hotkey NAME`: what the settings' hotkey NAME does when pressed, run by the daemon;
/// `--bindings COMPOSITOR` prints the lines that bind every hotkey so in a Wayland compositor's
/// configuration (on Wayland, global keys belong to the compositor).
struct HotkeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hotkey",
        abstract: "Run a hotkey of the settings through the daemon, or print a Wayland compositor's bindings for them.",
        discussion: """
            On X11 the daemon grabs the hotkeys itself. On Wayland the compositor owns global keys: \
            add the lines of `livetext hotkey --bindings sway` (or hyprland, river) to its \
            configuration; each runs `livetext hotkey NAME`, which asks the daemon (engines warm) to do \
            what the key does.
            """)

    @Argument(help: ArgumentHelp("The hotkey's name in the settings ([hotkeys.NAME]; the defaults: text, codes, live).",
                                 valueName: "name"))
    var name: String?

    @Option(help: ArgumentHelp("Print the bindings of every hotkey for this compositor's configuration.",
                               valueName: CompositorBindings.Compositor.allCases.map(\.rawValue).joined(separator: "|")))
    var bindings: String?

    func validate() throws {
        guard (name == nil) != (bindings == nil) else { throw ValidationError("give a hotkey's name, or --bindings") }
    }

    func run() async throws {
        let settings = try ConfigFile.standard().load().settings
        if let bindings {
            guard let compositor = CompositorBindings.Compositor(rawValue: bindings.lowercased()) else {
                throw LiveTextError(.invalidArgs, "--bindings: '\(bindings)' is not one of "
                                    + CompositorBindings.Compositor.allCases.map(\.rawValue).joined(separator: ", "))
            }
            let lines = CompositorBindings.lines(for: settings.hotkeys, compositor: compositor)
            let header = "# Add to \(compositor.configFile), then reload it.\n"
            return try StandardOutput.write(header + (lines.isEmpty ? "# (the settings define no hotkeys)\n"
                                                                     : lines.joined(separator: "\n") + "\n"))
        }
        // validate() saw to it that there is a name without --bindings.
        let name = name ?? ""
        _ = try settings.hotkey(named: name)
        guard let client = await DaemonClient.reachable(doing: "nothing is done") else {
            throw LiveTextError(.unavailable, "a hotkey runs in the livetext daemon, and none could be reached: "
                                + "start it (`systemctl --user start livetext`, or `livetext daemon`)")
        }
        if try await !client.pressHotkey(name) {
            Diagnostics.note("hotkey \(name): ignored while a live surface is up")
        }
    }
}
