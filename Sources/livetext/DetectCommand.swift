import ArgumentParser
import Foundation
import LiveTextCore
import LiveTextDetectors

struct DetectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detect",
        abstract: "Find links, emails, phone numbers, addresses, dates and more in UTF-8 text (a file, or stdin).",
        discussion: """
            Relative dates are resolved against LIVETEXT_REFERENCE_TIME (ISO 8601) or now; national \
            phone numbers are read in LIVETEXT_REGION (ISO 3166 alpha-2) or the locale's region; \
            LIVETEXT_LANGUAGES (e.g. deu,fra) names the languages the text was read in.
            """)

    @Argument(help: ArgumentHelp("A UTF-8 text file; - or none for standard input.", valueName: "file"),
              completion: .file())
    var file: String?

    @Flag(help: "Print {\"items\": [...], \"actions\": [...]} as docs/API.md gives it.")
    var json = false

    @Option(help: ArgumentHelp(
        "Only these types (comma-separated): \(ItemKind.nameList); the iOS content-type names work too.",
        valueName: "types"), completion: ValueCompletions.itemKinds)
    var only: [String] = []

    @Option(help: ArgumentHelp("Carry out this quick action (an id from --json's actions, e.g. open-link-0) "
                               + "with xdg-open or LIVETEXT_OPENER, and print only what was done; an id the "
                               + "text does not have is a usage error (exit 2).", valueName: "id"))
    var perform: String?

    /// Text larger than this is refused rather than read into memory without end.
    static let maxInputBytes = 256 << 20

    func run() async throws {
        let kinds = try DetectionEnvironment.kinds(only)
        let interpreter = try DetectionEnvironment.interpreter()
        let text = try Self.readText(file: file)
        let items = interpreter.detector.detect(in: text, only: kinds, context: interpreter.context)
        // Actions only when someone will see or use them: megabytes of text hold many items.
        let actions = json || perform != nil ? interpreter.planner.actions(items: items, codes: [], text: "") : []
        if let perform {
            // The outcome only: a script that performs an action wants to know what was done.
            guard actions.contains(where: { $0.id == perform }) else {
                let known = actions.map(\.id).joined(separator: ", ")
                throw LiveTextError(.invalidArgs, "--perform: the text has no action '\(perform)'"
                                    + (known.isEmpty ? " (it has none)" : " (it has: \(known))"))
            }
            let done = try DetectionEnvironment.performer().perform(perform, actions: actions, items: items, text: text)
            try StandardOutput.write(ControlCharacters.escaped(done + "\n", keepingLineBreaks: true))
            return
        }
        var out = ""
        if json {
            out = OrderedJSON.object([
                ("items", .array(items.map(Self.json))),
                ("actions", .array(actions.map(\.orderedJSON))),
            ]).serialized() + "\n"
        } else {
            for item in items {
                let value = item.singleLineText
                out += kinds == nil ? "\(item.kind.rawValue)\t\(value)\n" : "\(value)\n"
            }
        }
        try StandardOutput.write(json || !StandardOutput.isTerminal ? out : ControlCharacters.escaped(out, keepingLineBreaks: true))
        if kinds != nil, items.isEmpty { throw ExitCode(1) }
    }

    /// The detect document's item: PRODUCT.md's fields, in its order.
    static func json(_ item: DetectedItem) -> OrderedJSON {
        .object([("type", .string(item.kind.rawValue)), ("text", .string(item.text)), ("start", .int(item.start)),
                 ("end", .int(item.end)), ("value", JSONValue.object(item.value).ordered)])
    }

    /// The text of `file`, or of stdin for `nil` or `-`.
    static func readText(file: String? = nil) throws -> String {
        let name = file.flatMap { $0 == "-" ? nil : $0 }
        let handle: FileHandle
        if let name {
            var info = stat()
            guard stat(name, &info) == 0 else {
                let reason = String(cString: strerror(errno))
                throw LiveTextError(errno == ENOENT ? .notFound : .accessDenied, "\(name): \(reason)")
            }
            guard info.st_mode & S_IFMT != S_IFDIR else { throw LiveTextError(.invalidImage, "\(name): is a directory") }
            guard let opened = FileHandle(forReadingAtPath: name) else {
                throw LiveTextError(.accessDenied, "\(name): \(String(cString: strerror(errno)))")
            }
            handle = opened
        } else {
            handle = FileHandle.standardInput
        }
        defer { if name != nil { try? handle.close() } }
        let label = name ?? "stdin"
        let data = try BoundedRead.all(handle, limit: maxInputBytes, name: label, what: "text")
        guard let text = String(validating: data, as: UTF8.self) else {
            throw LiveTextError(.invalidImage,
                                "\(label): not valid UTF-8 (first bad byte at offset \(Self.firstInvalidByte(data)))")
        }
        return text
    }

    /// The offset of the first byte that does not start or continue a valid UTF-8 sequence.
    static func firstInvalidByte(_ data: Data) -> Int {
        var offset = 0
        var iterator = data.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
            case .emptyInput:
                return offset
            case .error:
                return offset
            }
        }
    }
}
