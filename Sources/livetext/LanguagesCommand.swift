import ArgumentParser
import Foundation
import LiveTextConfig
import LiveTextCore
import LiveTextEngines

struct LanguagesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "languages",
        abstract: "List the installed OCR languages, and the missing ones with the command that adds one.",
        discussion: """
            With no --lang and no languages in the settings, livetext reads English and the \
            locale's languages (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), and reads a block again in \
            any other installed language its text is plainly in.
            """)

    @Flag(help: ArgumentHelp("Print {\"tessdata\", \"installed\": [{code, name}], "
                             + "\"missing\": [{code, name, package, command}], \"unknownLocales\", \"default\", \"automatic\"}."))
    var json = false

    func run() async throws {
        let configured = (try? ConfigFile.standard().load().settings.analysis.languages) ?? []
        let report = try LanguageReport(configured: configured)
        let out = json ? Self.document(report).serialized() + "\n" : Self.text(report)
        FileHandle.standardOutput.write(Data(out.utf8))
    }

    static func text(_ report: LanguageReport) -> String {
        let width = (report.installed + report.missing).map(\.code.count).max() ?? 3
        let pad = { (code: String) in code + String(repeating: " ", count: width - code.count) }
        var out = "Installed OCR languages (\(report.tessdata)):\n"
        out += report.installed.isEmpty ? "  none\n" : report.installed.map { "  \(pad($0.code))  \($0.name)\n" }.joined()
        if !report.primary.isEmpty {
            out += "\nRead with no language named: \(report.primary.joined(separator: "+"))"
            out += report.automatic.isEmpty ? ""
                : "; a block plainly in \(report.automatic.joined(separator: ", ")) is read again in it"
            out += report.otherScripts.isEmpty ? "\n"
                : "; an unsure block in \(report.otherScripts.joined(separator: ", ")) if it reads far more surely\n"
        }
        if !report.missing.isEmpty {
            out += "\nMissing (asked for by the locale or the settings):\n"
            for language in report.missing {
                let add = language.package.map { "sudo apt install \($0)" } ?? "no Debian package of that name"
                out += "  \(pad(language.code))  \(language.name): \(add)\n"
            }
        }
        for locale in report.unknownLocales {
            out += "\nThe locale's '\(locale)' has no tesseract language.\n"
        }
        return out
    }

    static func document(_ report: LanguageReport) -> OrderedJSON {
        let language = { (language: LanguageReport.Language, missing: Bool) -> OrderedJSON in
            var members: [(String, OrderedJSON)] = [("code", .string(language.code)), ("name", .string(language.name))]
            if missing, let package = language.package {
                members += [("package", .string(package)), ("command", .string("sudo apt install \(package)"))]
            }
            return .object(members)
        }
        return .object([
            ("tessdata", .string(report.tessdata)),
            ("installed", .array(report.installed.map { language($0, false) })),
            ("missing", .array(report.missing.map { language($0, true) })),
            ("unknownLocales", .array(report.unknownLocales.map(OrderedJSON.string))),
            ("default", .array(report.primary.map(OrderedJSON.string))),
            ("automatic", .array(report.automatic.map(OrderedJSON.string))),
            ("otherScripts", .array(report.otherScripts.map(OrderedJSON.string))),
        ])
    }
}
