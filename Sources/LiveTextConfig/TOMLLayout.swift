/// Where each table header and `key = value` of a TOML text sits, in UTF-8 byte offsets, so
/// one value can be replaced without re-serializing (and losing) the rest of the user's file.
/// It only locates things: the text has already been parsed by TOMLKit, so this scanner can be
/// lenient, and anything it gets wrong is caught when the edited text is parsed again.
struct TOMLLayout {
    /// One `key = value`, possibly with a dotted key, on the line(s) from `lineStart` to `lineEnd`.
    struct Entry {
        /// The header it sits under (`[]` before the first header).
        var table: [String]
        var key: [String]
        /// Under an `[[array]]` header: never edited, since the path alone cannot say which element.
        var inArrayTable: Bool
        var lineStart: Int
        var valueRange: Range<Int>
        /// Just past the line's newline (or the end of the text), trailing comment included.
        var lineEnd: Int
        /// The whitespace before the key, reused for keys added next to it.
        var indent: [UInt8]

        var fullPath: [String] { table + key }
    }

    /// A `[table]` or `[[array]]` header line.
    struct Header {
        var path: [String]
        var isArray: Bool
        var lineStart: Int
        var lineEnd: Int
    }

    private(set) var entries: [Entry] = []
    private(set) var headers: [Header] = []

    init(scanning bytes: [UInt8]) throws(LayoutError) {
        var scanner = Scanner(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { scanner.pos = 3 }  // UTF-8 byte order mark
        var table: [String] = []
        var inArray = false
        while true {
            scanner.skipBlank()
            guard let byte = scanner.peek() else { break }
            let lineStart = scanner.lineStart()
            if byte == UInt8(ascii: "[") {
                let isArray = scanner.peek(1) == UInt8(ascii: "[")
                scanner.pos += isArray ? 2 : 1
                scanner.skipSpaces()
                let path = try scanner.keyPath()
                try scanner.expect("]")
                if isArray { try scanner.expect("]") }
                scanner.skipToNextLine()
                headers.append(Header(path: path, isArray: isArray, lineStart: lineStart, lineEnd: scanner.pos))
                table = path
                inArray = isArray
            } else {
                let keyStart = scanner.pos
                let key = try scanner.keyPath()
                try scanner.expect("=")
                scanner.skipSpaces()
                let valueStart = scanner.pos
                try scanner.skipValue()
                let valueEnd = scanner.pos
                scanner.skipToNextLine()
                entries.append(Entry(table: table, key: key, inArrayTable: inArray, lineStart: lineStart,
                                     valueRange: valueStart..<valueEnd, lineEnd: scanner.pos,
                                     indent: Array(bytes[lineStart..<keyStart])))
            }
        }
    }
}

/// The scanner met something it does not understand (a TOML form it does not know).
struct LayoutError: Error {
    var offset: Int
    var message: String
}

/// A cursor over UTF-8 bytes with the few TOML lexical rules the layout needs.
private struct Scanner {
    let bytes: [UInt8]
    var pos = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    func peek(_ offset: Int = 0) -> UInt8? {
        pos + offset < bytes.count ? bytes[pos + offset] : nil
    }

    func fail(_ message: String) -> LayoutError { LayoutError(offset: pos, message: message) }

    /// Where the line holding `pos` starts.
    func lineStart() -> Int {
        var start = pos
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        return start
    }

    mutating func skipSpaces() {
        while let byte = peek(), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { pos += 1 }
    }

    /// Spaces, newlines and comments.
    mutating func skipBlank() {
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): pos += 1
            case UInt8(ascii: "#"): skipComment()
            default: return
            }
        }
    }

    mutating func skipComment() {
        while let byte = peek(), byte != UInt8(ascii: "\n") { pos += 1 }
    }

    /// After a value or header: trailing spaces, an optional comment, the newline.
    mutating func skipToNextLine() {
        skipSpaces()
        if peek() == UInt8(ascii: "#") { skipComment() }
        if peek() == UInt8(ascii: "\r") { pos += 1 }
        if peek() == UInt8(ascii: "\n") { pos += 1 }
    }

    mutating func expect(_ character: Unicode.Scalar) throws(LayoutError) {
        skipSpaces()
        guard peek() == UInt8(ascii: character) else { throw fail("expected \(character)") }
        pos += 1
    }

    /// `a.b."c d"`, unquoted and unescaped.
    mutating func keyPath() throws(LayoutError) -> [String] {
        var path: [String] = []
        while true {
            skipSpaces()
            path.append(try simpleKey())
            skipSpaces()
            guard peek() == UInt8(ascii: ".") else { return path }
            pos += 1
        }
    }

    private mutating func simpleKey() throws(LayoutError) -> String {
        switch peek() {
        case UInt8(ascii: "\"")?:
            let start = pos
            try skipValue()
            return try Self.unescape(Array(bytes[(start + 1)..<(pos - 1)]))
        case UInt8(ascii: "'")?:
            let start = pos
            try skipValue()
            return String(decoding: bytes[(start + 1)..<(pos - 1)], as: UTF8.self)
        default:
            let start = pos
            while let byte = peek(), Self.isBareKeyByte(byte) { pos += 1 }
            guard pos > start else { throw fail("expected a key") }
            return String(decoding: bytes[start..<pos], as: UTF8.self)
        }
    }

    /// Moves past one value of any kind, multi-line strings, arrays and inline tables included.
    mutating func skipValue() throws(LayoutError) {
        guard let byte = peek() else { throw fail("expected a value") }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            try skipString(quote: byte)
        case UInt8(ascii: "["):
            pos += 1
            while true {
                skipBlank()
                guard let next = peek() else { throw fail("unterminated array") }
                if next == UInt8(ascii: "]") { pos += 1; return }
                if next == UInt8(ascii: ",") { pos += 1; continue }
                try skipValue()
            }
        case UInt8(ascii: "{"):
            pos += 1
            while true {
                skipBlank()
                guard let next = peek() else { throw fail("unterminated inline table") }
                if next == UInt8(ascii: "}") { pos += 1; return }
                if next == UInt8(ascii: ",") { pos += 1; continue }
                _ = try keyPath()
                try expect("=")
                skipSpaces()
                try skipValue()
            }
        default:
            let start = pos
            while let next = peek(), !Self.endsScalar(next) { pos += 1 }
            // A date-time may use a space instead of "T": 1979-05-27 07:32:00Z.
            if pos - start == 10, bytes[start + 4] == UInt8(ascii: "-"), peek() == UInt8(ascii: " "),
               let digit = peek(1), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) {
                pos += 1
                while let next = peek(), !Self.endsScalar(next) { pos += 1 }
            }
            guard pos > start else { throw fail("expected a value") }
        }
    }

    private mutating func skipString(quote: UInt8) throws(LayoutError) {
        let escapes = quote == UInt8(ascii: "\"")
        let multiline = peek(1) == quote && peek(2) == quote
        pos += multiline ? 3 : 1
        while let byte = peek() {
            if escapes && byte == UInt8(ascii: "\\") { pos += 2; continue }
            if byte == quote {
                if !multiline { pos += 1; return }
                if peek(1) == quote && peek(2) == quote {
                    pos += 3
                    // Up to two quotes may sit right before the closing delimiter: """a""""".
                    var extra = 0
                    while extra < 2, peek() == quote { pos += 1; extra += 1 }
                    return
                }
            }
            if !multiline && byte == UInt8(ascii: "\n") { break }
            pos += 1
        }
        throw fail("unterminated string")
    }

    private static func isBareKeyByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "-")
    }

    private static func endsScalar(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"),
             UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "#"): true
        default: false
        }
    }

    /// The content of a basic-string key, escapes resolved.
    private static func unescape(_ content: [UInt8]) throws(LayoutError) -> String {
        var out = String.UnicodeScalarView()
        let text = Array(String(decoding: content, as: UTF8.self).unicodeScalars)
        var index = 0
        while index < text.count {
            let scalar = text[index]
            index += 1
            guard scalar == "\\", index < text.count else { out.append(scalar); continue }
            let code = text[index]
            index += 1
            switch code {
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "r": out.append("\r")
            case "b": out.append("\u{08}")
            case "f": out.append("\u{0C}")
            case "e": out.append("\u{1B}")
            case "u", "U":
                let count = code == "u" ? 4 : 8
                let hex = String(String.UnicodeScalarView(text[index..<min(index + count, text.count)]))
                guard let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else {
                    throw LayoutError(offset: 0, message: "bad escape in a key")
                }
                out.append(decoded)
                index += count
            default: out.append(code)
            }
        }
        return String(out)
    }
}
