/// What a settings text may hold before TOMLKit sees it. toml++ builds a table per part of a
/// dotted key or header and recurses through them (so does tearing them down, and copying the
/// result into a `ConfigTable`): a key of 30,000 parts overflowed the stack, a crash no `catch`
/// sees. So the text is scanned first, understanding TOML's strings and comments well enough
/// that a `.`, `[` or `{` inside a quoted string or after `#` is not taken for structure.
///
/// - At most ``maxBytes`` of text. A settings file holds a few hotkeys and strings (the full
///   example is 5 KB); 1 MiB is two hundred times that, parses in milliseconds, and anything
///   larger is a mistake or an attack, read again on every reload.
/// - At most ``maxKeyParts`` parts in one dotted key or table header (livetext's use 3).
/// - At most ``maxDepth`` levels of nesting in all: the header's parts, the parts of each key
///   on the way down, and each array or inline table a value opens. toml++ stops arrays at
///   256 levels; inline tables whose keys are dotted go deeper than that per level.
enum TOMLBounds {
    static let maxBytes = 1 << 20
    static let maxKeyParts = 32
    static let maxDepth = 64

    /// Throws a `.syntax` error at the line and column where `text` first goes past a bound.
    static func check(_ text: String) throws(ConfigError) {
        let bytes = Array(text.utf8)
        guard bytes.count <= maxBytes else {
            throw ConfigError(.syntax(line: 1, column: 1), "the settings are \(bytes.count) bytes; at most "
                              + "\(maxBytes) (1 MiB) are read (a settings file is a few kilobytes)")
        }
        var scanner = BoundsScanner(bytes: bytes)
        try scanner.run()
    }
}

/// One pass over the bytes: strings and comments skipped, dots counted per key, the containers
/// a value opens kept on a stack. It checks bounds only; whatever else is wrong with the text is
/// toml++'s to report, and toml++ stops at the first error, so text this scanner reads
/// differently from toml++ lies after a point toml++ refuses.
private struct BoundsScanner {
    /// An array or inline table a value opened, and the parts of the key that named it.
    private struct Container {
        var isTable: Bool
        var keyParts: Int
    }

    let bytes: [UInt8]
    private var pos = 0
    private var line = 1
    private var lineStart = 0
    /// The parts of the current `[table]` header.
    private var headerParts = 0
    private var stack: [Container] = []
    /// Dots seen since the last `=`, `,`, bracket, brace or line break, outside strings.
    private var dots = 0
    /// Where the run of dots started, for the error's column.
    private var runStart = 0
    /// The parts of the key whose `=` was just read: the value it names may open a container.
    private var pendingKeyParts = 0
    /// Only blanks since the line started (a `[` there, outside any value, opens a header).
    private var atLineStart = true
    private var inHeader = false

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The levels open now: the header's, and each container with the key that named it.
    private var depth: Int { headerParts + stack.reduce(0) { $0 + $1.keyParts + 1 } }

    private func fail(_ message: String, at offset: Int) -> ConfigError {
        ConfigError(.syntax(line: line, column: offset - lineStart + 1), message)
    }

    private mutating func resetRun() {
        dots = 0
        runStart = pos + 1
    }

    mutating func run() throws(ConfigError) {
        runStart = 0
        while pos < bytes.count {
            let byte = bytes[pos]
            switch byte {
            case UInt8(ascii: "\n"):
                newLine(at: pos + 1)
                inHeader = false
                atLineStart = true
                pendingKeyParts = 0
                resetRun()
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                break
            case UInt8(ascii: "#"):
                while pos + 1 < bytes.count, bytes[pos + 1] != UInt8(ascii: "\n") { pos += 1 }
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                atLineStart = false
                skipString()
                continue
            case UInt8(ascii: "."):
                atLineStart = false
                dots += 1
                if dots + 1 > TOMLBounds.maxKeyParts {
                    throw fail("a key or table header of more than \(TOMLBounds.maxKeyParts) dotted parts "
                               + "(livetext's have at most 3)", at: runStart)
                }
            case UInt8(ascii: "["):
                if atLineStart, stack.isEmpty {
                    inHeader = true
                    atLineStart = false
                    if pos + 1 < bytes.count, bytes[pos + 1] == UInt8(ascii: "[") { pos += 1 }
                    try checkHeaderStart()
                    resetRun()
                } else {
                    try open(isTable: false)
                }
            case UInt8(ascii: "{"):
                try open(isTable: true)
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if inHeader {
                    headerParts = dots + 1
                    inHeader = false
                } else if let open = stack.popLast() {
                    // Never valid TOML, and toml++ asserts (aborts) on `[}` before it says so.
                    guard open.isTable == (byte == UInt8(ascii: "}")) else {
                        throw fail("'\(Character(Unicode.Scalar(byte)))' closes no \(open.isTable ? "array" : "inline table") "
                                   + "(an \(open.isTable ? "inline table is closed with }" : "array is closed with ]"))", at: pos)
                    }
                }
                atLineStart = false
                resetRun()
            case UInt8(ascii: "="):
                atLineStart = false
                pendingKeyParts = dots + 1
                if depth + pendingKeyParts > TOMLBounds.maxDepth {
                    throw fail("a value nested \(depth + pendingKeyParts) deep (at most \(TOMLBounds.maxDepth), "
                               + "counting the table header, the dotted keys and the arrays and inline tables "
                               + "around it)", at: runStart)
                }
                resetRun()
            case UInt8(ascii: ","):
                pendingKeyParts = 0
                resetRun()
            default:
                atLineStart = false
            }
            pos += 1
        }
    }

    /// A header's first key: toml++ asserts (aborts in a debug build) when `[` or `[[` is
    /// followed by anything but a bare key's character or a quote, a line break included.
    private func checkHeaderStart() throws(ConfigError) {
        var next = pos + 1
        while next < bytes.count, bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t") { next += 1 }
        let byte = next < bytes.count ? bytes[next] : 0
        let isKey = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
        guard isKey else {
            throw fail("a table header must start with a key (letters, digits, _ and -, or a quoted key)", at: pos)
        }
    }

    /// A `[` or `{` in a value: one level more, plus the parts of the key that named it.
    private mutating func open(isTable: Bool) throws(ConfigError) {
        atLineStart = false
        // An element of an array has no key of its own.
        let keyParts = (stack.last?.isTable ?? true) ? pendingKeyParts : 0
        stack.append(Container(isTable: isTable, keyParts: keyParts))
        pendingKeyParts = 0
        if depth > TOMLBounds.maxDepth {
            throw fail("arrays and inline tables nested \(depth) deep (at most \(TOMLBounds.maxDepth), counting "
                       + "the table header and the dotted keys around them)", at: pos)
        }
        resetRun()
    }

    private mutating func newLine(at offset: Int) {
        line += 1
        lineStart = offset
    }

    /// Skips the string starting at `pos` (basic or literal, one-line or multi-line), leaving
    /// `pos` just past it. A one-line string ends at the line's end even when unclosed (toml++
    /// refuses it there).
    private mutating func skipString() {
        let quote = bytes[pos]
        let basic = quote == UInt8(ascii: "\"")
        let multiLine = pos + 2 < bytes.count && bytes[pos + 1] == quote && bytes[pos + 2] == quote
        pos += multiLine ? 3 : 1
        while pos < bytes.count {
            let byte = bytes[pos]
            if basic, byte == UInt8(ascii: "\\") {
                if pos + 1 < bytes.count, bytes[pos + 1] == UInt8(ascii: "\n") { newLine(at: pos + 2) }
                pos += 2
                continue
            }
            if byte == UInt8(ascii: "\n") {
                guard multiLine else { return }
                newLine(at: pos + 1)
            } else if byte == quote {
                if !multiLine {
                    pos += 1
                    return
                }
                if pos + 2 < bytes.count, bytes[pos + 1] == quote, bytes[pos + 2] == quote {
                    pos += 3
                    // Up to two quotes more belong to the string: `"""a"""""` holds `a""`.
                    var extra = 0
                    while extra < 2, pos < bytes.count, bytes[pos] == quote {
                        pos += 1
                        extra += 1
                    }
                    return
                }
            }
            pos += 1
        }
    }
}
