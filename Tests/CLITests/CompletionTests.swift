import Foundation
import Testing

/// completions/ is generated from the CLI's own definition and committed; this fails when a verb
/// or option changed and the files were not regenerated
/// (`livetext --generate-completion-script SHELL > completions/livetext.SHELL`).
@Suite("shell completions")
struct CompletionTests {
    @Test("the committed completion scripts are the ones the CLI generates", arguments: ["bash", "zsh", "fish"])
    func upToDate(shell: String) async throws {
        let generated = try await CLIProcess.run(["--generate-completion-script", shell])
        #expect(generated.status == 0)
        let committed = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("completions/livetext.\(shell)"), encoding: .utf8)
        #expect(generated.stdout == committed, "completions/livetext.\(shell) is stale: regenerate it")
        #expect(committed.contains("detect") && committed.contains("daemon"))
    }

    /// bash's completion of `words` (the last one being completed) through the committed script,
    /// which asks the built binary for values.
    private func bashCompletes(_ words: [String]) async throws -> [String] {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("completions/livetext.bash").path
        let body = """
            source '\(script)'
            COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
            _livetext "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try await CLIProcess.run(words, wrapper: ["/bin/bash", "-c", body, "bash"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test("bash offers the values of --only, --types, --interaction and --lang (installed packs), also after a comma")
    func values() async throws {
        #expect(try await bashCompletes(["analyze", "--only", "phone,em"]) == ["phone,email"])
        #expect(try await bashCompletes(["detect", "--only", "tra"]) == ["tracking"])
        #expect(try await bashCompletes(["analyze", "--types", "text,"]) == ["text,codes", "text,detectors"])
        #expect(try await bashCompletes(["capture", "--interaction", "data"]) == ["dataDetectors"])
        let installed = try await CLIProcess.run(["languages"]).stdout
        let languages = try await bashCompletes(["analyze", "--lang", "eng+"])
        #expect(languages.contains("eng+deu") == installed.contains("deu"), "\(languages)")
        #expect(!languages.contains("eng+eng"))
    }
}
