import ArgumentParser
import Foundation
import LiveTextConfig
import LiveTextCore

/// `livetext config`: where the settings file is, what it may hold, and whether it is right.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show where the settings file is, print every setting commented, or check the file.",
        discussion: """
            --example prints a complete settings file with every key at its default, commented \
            (livetext config --example > ~/.config/livetext/config.toml). --check names every invalid \
            value and every unknown key (with the nearest known one) and exits 3 when a value is invalid. \
            The daemon reads the file at start and on SIGHUP.
            """)

    @Flag(help: "Print the settings file's path ($XDG_CONFIG_HOME/livetext/config.toml, else ~/.config/...).")
    var path = false

    @Flag(help: "Print a complete settings file: every key at its default, commented.")
    var example = false

    @Flag(help: "Check the settings file (or FILE): every error and unknown key; exit 3 on errors.")
    var check = false

    @Argument(help: ArgumentHelp("With --check: the file to check instead of the settings file.", valueName: "file"))
    var file: String?

    func validate() throws {
        guard [path, example, check].filter({ $0 }).count == 1 else {
            throw ValidationError("give one of --path, --example, --check")
        }
        if file != nil, !check { throw ValidationError("a file is checked with --check only") }
    }

    func run() async throws {
        let settingsFile = file.map(ConfigFile.init(path:)) ?? ConfigFile.standard()
        if path { return try StandardOutput.write(settingsFile.path + "\n") }
        if example { return try StandardOutput.write(ConfigFile.exampleText + "\n") }
        let text: String?
        do {
            text = try settingsFile.readText()
        } catch {
            Diagnostics.error(error.description)
            throw ExitCode(LiveTextError.Code.invalidImage.exitCode)
        }
        guard let text else {
            guard file == nil else { throw LiveTextError(.notFound, "\(settingsFile.path): no such file") }
            return try StandardOutput.write("\(settingsFile.path): no such file; the defaults apply\n")
        }
        let found = ConfigFile.check(text, file: settingsFile.path)
        var report = found.errors.map { "error: \($0.description)\n" }.joined()
        report += found.warnings.map { "warning: \(settingsFile.path): \($0)\n" }.joined()
        if found.errors.isEmpty { report += "\(settingsFile.path): ok\(found.warnings.isEmpty ? "" : " (keys above ignored)")\n" }
        try StandardOutput.write(ControlCharacters.escaped(report, keepingLineBreaks: true))
        if !found.errors.isEmpty { throw ExitCode(LiveTextError.Code.invalidImage.exitCode) }
    }
}
