import Foundation
import Testing

/// completions/ is generated from the CLI's own definition and committed; this fails when a verb
/// or option changed and the files were not regenerated
/// (`livetext --generate-completion-script SHELL > completions/livetext.SHELL`).
@Suite("shell completions")
struct CompletionTests {
    @Test("the committed completion scripts are the ones the CLI generates", arguments: ["bash", "zsh", "fish"])
    func upToDate(shell: String) throws {
        let generated = try CLIProcess.run(["--generate-completion-script", shell])
        #expect(generated.status == 0)
        let committed = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("completions/livetext.\(shell)"), encoding: .utf8)
        #expect(generated.stdout == committed, "completions/livetext.\(shell) is stale: regenerate it")
        #expect(committed.contains("detect") && committed.contains("daemon"))
    }
}
