import LiveTextCore

/// Links, with or without a scheme: `https://example.org/a?b#c`, `www.example.org`,
/// `example.co.uk/path`, `http://192.168.1.1:8080/`.
///
/// One pass over the text: every word that could start a host is scanned once as a dotted run
/// of labels, and the scan resumes after it, so hostile input (`a.a.a.…`, `http://http://…`)
/// stays linear.
///
/// - A host without a scheme needs a top-level domain of the root zone (`example.org`, not
///   `report.pdf`). Top-level domains that are also common file extensions (`README.md`,
///   `setup.py`, `main.rs`, `archive.zip`) need more evidence: a `www.` prefix, a path or port,
///   or a second-level `co.`/`com.`/`org.` part. A capitalized top-level domain after a word
///   (`great.Today`, `M.Sc`) is a sentence missing its space, not a link.
/// - After a scheme (`http`, `https`, `ftp`) and optional `user@`, a host of any script, an
///   IPv4 or `[IPv6]` literal or `localhost` is fine. OCR's stray spaces are tolerated:
///   `https ://example.org`, `http:// example.org`, `www. example.org`; `http//` and `http:/`
///   too, and doubled blanks (`https  ://`); a blank after a dot in the host where the joined
///   host validates and the blank cannot end a sentence (`https://example. com/a`,
///   `mail.google. com`: `OCRSplitTokens`), so a link is never cut to another valid one. A misread letter in a name (`exarnple.org`) stays as
///   read: the host is not guessed; misread digits in a port, an IPv4 or an IPv6 address are
///   folded (`localhost:3O0O`, `192.16B.1.1`, `LinkOCR.swift`). Without a scheme, an IPv4 address
///   with a port is a link too (`127.0.0.1:8080/status`, as an address bar shows it).
/// - Paths keep balanced `()` and `[]` (`Foo_(bar)`), drop trailing `.,;:!?'"*` and an
///   unbalanced closing bracket, and stop at quotes, `<>`, spaces and CJK text.
/// - Hosts next to `@` are left to the email detector; `#tag.com`, `@user.com`, `$TVI.CA` are
///   not links.
///
/// `value`: `url` (the scheme lower-cased; `https://` added to hosts without one, since nearly
/// every site serves HTTPS and opening an `http://` guess would send the first request in the
/// clear; `ftp://` for bare `ftp.` hosts; the host lower-cased, Unicode kept as written, not
/// punycode) and `host`.
public struct LinkDetector: Detector {
    public init() {}

    public var kinds: Set<ItemKind> { [.link] }

    public func detect(in text: ScannedText, context: DetectionContext) -> [Detection] {
        var scanner = LinkScanner(text.scalars)
        return scanner.run()
    }
}

/// The state of one pass of `LinkDetector`.
struct LinkScanner {
    let s: [Unicode.Scalar]
    let n: Int
    /// Reused for every candidate so a word costs no allocation.
    var labels: [Range<Int>] = []
    var found: [Detection] = []

    init(_ scalars: [Unicode.Scalar]) {
        s = scalars
        n = scalars.count
        labels.reserveCapacity(16)
    }

    mutating func run() -> [Detection] {
        var i = 0
        while i < n {
            let c = s[i]
            guard HostLabels.isBareLabelScalar(c), c != "-", c != "_" else {
                i += 1
                continue
            }
            i = max(candidate(at: i), i + 1)
        }
        return found
    }

    /// Looks at the word starting at `i`; records a link if there is one and returns where to
    /// go on (always past the scanned run).
    mutating func candidate(at i: Int) -> Int {
        if let afterScheme = schemeEnd(at: i) {
            return withScheme(start: i, schemeLength: afterScheme.schemeLength, hostStart: afterScheme.hostStart)
        }
        return bare(start: i)
    }

    // MARK: with a scheme

    /// `http://`, `https ://`, `ftp: //`, `http//`, `http:/`: the scheme's length and where the
    /// host starts.
    func schemeEnd(at i: Int) -> (schemeLength: Int, hostStart: Int)? {
        let first = s[i].asciiLowercased
        guard first == "h" || first == "f" else { return nil }
        var j = i
        func take(_ word: String) -> Bool {
            var k = j
            for ch in word.unicodeScalars {
                guard k < n, s[k].asciiLowercased == ch else { return false }
                k += 1
            }
            j = k
            return true
        }
        guard take("https") || take("http") || take("ftp") else { return nil }
        let schemeLength = j - i
        // OCR's stray blanks around "://": one, or two where it doubled one.
        func skipBlanks() {
            if j < n, s[j].isHorizontalSpace { j += 1 }
            if j < n, s[j].isHorizontalSpace { j += 1 }
        }
        skipBlanks()
        var colon = false
        if j < n, s[j] == ":" || s[j] == ";" {
            colon = s[j] == ":"
            j += 1
            skipBlanks()
        }
        var slashes = 0
        while slashes < 2, j < n, s[j] == "/" {
            slashes += 1
            j += 1
        }
        // "http:/x", "http;//x" and "http//x" are OCR misreading or losing a character; a bare
        // "http: x" is prose.
        guard slashes == 2 || (colon && slashes == 1) else { return nil }
        skipBlanks()
        guard j < n, HostLabels.isLabelScalar(s[j]) || s[j] == "[" else { return nil }
        return (schemeLength, j)
    }

    mutating func withScheme(start: Int, schemeLength: Int, hostStart: Int) -> Int {
        if let prev = start > 0 ? s[start - 1] : nil,
           prev == "@" || prev == "#" || prev == "$" || HostLabels.isBareLabelScalar(prev) {
            return skipRun(from: hostStart)
        }
        let authorityStart = hostStart
        let hostStart = userInfoEnd(from: hostStart) ?? hostStart
        var hostEnd: Int
        var foldedHost: String?
        if s[hostStart] == "[" {
            guard let end = ipv6LiteralEnd(from: hostStart) else { return hostStart + 1 }
            hostEnd = end
            foldedHost = foldedIPv6(hostStart, hostEnd)
        } else {
            let scan = HostLabels.scan(s, from: hostStart, labels: &labels, isLabel: HostLabels.isLabelScalar,
                                       cutAtScriptChange: true)
            hostEnd = scan.end
            guard !scan.overlong else { return hostEnd }
            // "https://example. com/path": OCR's blank after a dot in the host.
            if let rest = OCRSplitTokens.continuation(after: hostEnd, in: s, isLabel: HostLabels.isLabelScalar),
               OCRSplitTokens.joins(s, before: labels[...], after: rest.labels, afterEnd: rest.end, underscores: true) {
                labels += rest.labels
                hostEnd = rest.end
                foldedHost = OCRSplitTokens.joinedHost(s, labels)
            }
            let valid = foldedHost != nil || isIPv4(labels[...])
                || HostLabels.isValidDomain(s, labels: labels[...], underscores: true)
                || (labels.count == 1 && HostLabels.lowercased(s, labels[0]) == "localhost")
            if !valid {
                guard let folded = foldedIPv4(labels[...]) else { return hostEnd }
                foldedHost = folded
            }
        }
        if hostEnd < n, s[hostEnd] == "@" { return hostEnd + 1 }
        let end = tail(from: hostEnd)
        var scheme = String.UnicodeScalarView()
        for k in start..<(start + schemeLength) { scheme.append(s[k].asciiLowercased) }
        record(start: start, end: end, scheme: String(scheme), hostStart: hostStart, hostEnd: hostEnd,
               userInfoStart: authorityStart, foldedHost: foldedHost)
        return end
    }

    /// `user:pass@` after a scheme (`ftp://anonymous@ftp.example.org`): where the host starts.
    func userInfoEnd(from start: Int) -> Int? {
        var j = start
        while j < n, j - start <= 64 {
            let c = s[j]
            if c == "@" { return j > start && j + 1 < n && HostLabels.isLabelScalar(s[j + 1]) ? j + 1 : nil }
            guard c.isASCIIAlphanumeric || ".-_~:%!$&'*+,;=".unicodeScalars.contains(c) else { return nil }
            j += 1
        }
        return nil
    }

    /// `[2001:db8::1]`: hex digits, colons and dots in brackets, at least two colons; `l`, `I`,
    /// `O` and `o` are OCR's 1 and 0 when hex digits outnumber them.
    func ipv6LiteralEnd(from start: Int) -> Int? {
        var j = start + 1
        var colons = 0, hex = 0, misread = 0
        while j < n, j - start <= 46 {
            let c = s[j]
            if c == "]" { return colons >= 2 && hex >= 2 * misread ? j + 1 : nil }
            if Self.ipv6ConfusedDigit(c) != nil {
                misread += 1
            } else if c.isASCIIDigit || ("a"..."f").contains(c.asciiLowercased) {
                hex += 1
            } else if c != ":" && c != "." {
                return nil
            }
            if c == ":" { colons += 1 }
            j += 1
        }
        return nil
    }

    func isIPv4(_ labels: ArraySlice<Range<Int>>) -> Bool {
        guard labels.count == 4 else { return false }
        for label in labels {
            guard label.count >= 1, label.count <= 3 else { return false }
            var value = 0
            for k in label {
                guard let d = s[k].asciiDigitValue else { return false }
                value = value * 10 + d
            }
            guard value <= 255 else { return false }
        }
        return true
    }

    // MARK: without a scheme

    mutating func bare(start: Int) -> Int {
        if start > 0 {
            let prev = s[start - 1]
            let refused = prev == "@" || prev == "#" || prev == "$" || prev == "/" || prev == "\\"
                || prev == "-" || prev == "_" || prev == "~" || prev == "%" || prev == "+"
                || (prev == "." && start >= 2 && HostLabels.isBareLabelScalar(s[start - 2]))
            if refused { return skipRun(from: start) }
        }
        var scan = HostLabels.scan(s, from: start, labels: &labels, isLabel: HostLabels.isBareLabelScalar,
                                   cutAtScriptChange: false)
        guard !scan.overlong else { return scan.end }
        if let joined = spacedHost(start: start, end: scan.end) { return joined }
        if labels.count == 1 {
            if let www = spacedWWW(start: start, end: scan.end) { return www }
            if let idn = unicodeTopLevelDomain(after: scan.end) {
                labels.append(idn)
                scan.end = idn.upperBound
            } else {
                return scan.end
            }
        } else if scan.end + 1 < n, s[scan.end] == ".", let idn = unicodeTopLevelDomain(after: scan.end) {
            labels.append(idn)
            scan.end = idn.upperBound
        }
        var hostEnd = scan.end
        if runsIntoAt(from: hostEnd) { return hostEnd + 1 }
        if !HostLabels.isValidDomain(s, labels: labels[...], underscores: true) {
            // "127.0.0.1:8080/status": an IPv4 address with a port, as an address bar shows it
            // (a bare address or a CIDR block, "10.0.0.0/24", is no link).
            if isIPv4(labels[...]), hostEnd + 1 < n, s[hostEnd] == ":", s[hostEnd + 1].isASCIIDigit {
                let end = tail(from: hostEnd)
                record(start: start, end: end, scheme: "http", hostStart: start, hostEnd: hostEnd)
                return end
            }
            // "Visit example.com.Then": OCR lost the space after the sentence's full stop.
            guard labels.count >= 3, let last = labels.last, s[last.lowerBound].isASCIILetter,
                  s[last.lowerBound] != s[last.lowerBound].asciiLowercased else { return hostEnd }
            labels.removeLast()
            guard HostLabels.isValidDomain(s, labels: labels[...], underscores: true) else { return hostEnd }
            hostEnd = labels[labels.count - 1].upperBound
            guard isPlausibleBareHost(hasTail: false) else { return scan.end }
            record(start: start, end: hostEnd, scheme: nil, hostStart: start, hostEnd: hostEnd)
            return scan.end
        }
        let end = tail(from: hostEnd)
        guard isPlausibleBareHost(hasTail: end > hostEnd) else { return end }
        record(start: start, end: end, scheme: nil, hostStart: start, hostEnd: hostEnd)
        return end
    }

    /// Without a scheme, a host whose top-level domain reads like a file extension or a word
    /// after a full stop needs more evidence.
    func isPlausibleBareHost(hasTail: Bool) -> Bool {
        let count = labels.count
        let tld = labels[count - 1], second = labels[count - 2]
        let www = count >= 3 && HostLabels.lowercased(s, labels[0]) == "www"
        if www || hasTail { return true }
        // "great.Today", "M.Sc": a capitalized word after a full stop.
        let head = s[tld.lowerBound]
        if head.isASCIILetter, head != head.asciiLowercased,
           s[tld.lowerBound + 1...tld.upperBound - 1].contains(where: { $0.isASCIILetter && $0 == $0.asciiLowercased }) {
            return false
        }
        // "10.am", "5.pm": a number before a short top-level domain.
        if tld.count < 3, s[second].allSatisfy(\.isASCIIDigit) { return false }
        let lowerTLD = HostLabels.lowercased(s, tld)
        if Self.fileExtensionTLDs.contains(lowerTLD) {
            guard count >= 3 else { return false }
            return Self.genericSecondLevel.contains(HostLabels.lowercased(s, second))
        }
        return true
    }

    /// Top-level domains that are far more often file extensions in text than bare domains
    /// (`README.md`, `setup.py`, `install.sh`, `main.rs`, `configure.ac`, `Makefile.am`,
    /// `archive.zip`, `clip.mov`, `main.tf`, `Main.java`, `id_rsa.pub`, `bundle.map`). `.ai`,
    /// `.io`, `.so`, `.pl`, `.in`, `.app`, `.dev` are left to domains: they are common on signs.
    static let fileExtensionTLDs: Set<String> = [
        "md", "py", "sh", "rs", "cc", "ps", "ml", "mk", "am", "ac", "pm", "zip", "mov", "cab", "tf",
        "mm", "mo", "gd", "bz", "ar", "java", "map", "pub", "data", "run", "do", "nc", "download",
    ]

    /// Second-level parts that registries use under a country code: `example.co.uk`.
    static let genericSecondLevel: Set<String> = [
        "co", "com", "org", "net", "ac", "gov", "edu", "or", "ne", "go", "gob", "nic", "mil",
    ]

    /// `www. example.org`: OCR split after the dot.
    mutating func spacedWWW(start: Int, end: Int) -> Int? {
        guard end - start == 3, HostLabels.lowercased(s, start..<end) == "www", end + 2 < n, s[end] == ".",
              s[end + 1].isHorizontalSpace else { return nil }
        // One blank, or two where OCR doubled it.
        let hostStart = s[end + 2].isHorizontalSpace ? end + 3 : end + 2
        guard hostStart < n, HostLabels.isBareLabelScalar(s[hostStart]) else { return nil }
        let scan = HostLabels.scan(s, from: hostStart, labels: &labels, isLabel: HostLabels.isBareLabelScalar,
                                   cutAtScriptChange: false)
        guard !scan.overlong, HostLabels.isValidDomain(s, labels: labels[...], underscores: true),
              !(scan.end < n && s[scan.end] == "@") else { return scan.end }
        let tailEnd = tail(from: scan.end)
        var host = "www."
        host += HostLabels.lowercased(s, hostStart..<scan.end)
        let rest = foldingPort(scan.end..<tailEnd)
        found.append(Detection(kind: .link, range: start..<tailEnd,
                               value: ["url": .string("https://" + host + String(rest)), "host": .string(host)]))
        return tailEnd
    }

    /// `example. com/path`, `mail.google. com`: OCR's blank after a dot in a host without a
    /// scheme. Joined only when one label follows the blank and the text can be nothing else: a
    /// top-level domain that is no word (`com`, not `net` or `it`), or any top-level domain with a
    /// path after it, and a host starting in lower case (a sentence may end in "Example."). A
    /// host whose continuation is a host by itself ("see the docs. example.org") stays apart.
    mutating func spacedHost(start: Int, end: Int) -> Int? {
        guard s[start].isASCIIDigit || s[start] == s[start].asciiLowercased,
              let rest = OCRSplitTokens.continuation(after: end, in: s, isLabel: HostLabels.isBareLabelScalar),
              rest.labels.count == 1, !(rest.end < n && s[rest.end] == "@"),
              !runsIntoAt(from: rest.end) else { return nil }
        let before = labels
        guard OCRSplitTokens.joins(s, before: before[...], after: rest.labels, afterEnd: rest.end, underscores: true)
        else { return nil }
        let shortValid = HostLabels.isValidDomain(s, labels: before[...], underscores: true)
        let word = OCRSplitTokens.nonWordTopLevelDomains.contains(HostLabels.lowercased(s, rest.labels[0]))
        let tailEnd = tail(from: rest.end)
        guard word || (!shortValid && tailEnd > rest.end) else { return nil }
        labels = before + rest.labels
        record(start: start, end: tailEnd, scheme: nil, hostStart: start, hostEnd: rest.end,
               foldedHost: OCRSplitTokens.joinedHost(s, labels))
        return tailEnd
    }

    /// `twitter.みんな`: a top-level domain in another script right after a dot, which a bare
    /// label scan stops at. Reads at most the longest top-level domain's length.
    func unicodeTopLevelDomain(after dot: Int) -> Range<Int>? {
        guard dot < n, s[dot] == ".", dot + 1 < n else { return nil }
        let first = dot + 1
        var end = first
        while end < n, end - first < TopLevelDomains.maximumLength, s[end].value >= 0x80,
              !HostLabels.isBareLabelScalar(s[end]), s[end].isAlphanumeric {
            end += 1
        }
        var k = end
        while k > first {
            if HostLabels.isTopLevelDomain(s, first..<k) { return first..<k }
            k -= 1
        }
        return nil
    }

    /// Whether the host is the start of an email address's local part: `name.al+x@example.org`.
    func runsIntoAt(from hostEnd: Int) -> Bool {
        var j = hostEnd
        while j < n, j - hostEnd <= 64, s[j] != "/", EmailDetector.isLocalScalar(s[j]) { j += 1 }
        return j < n && s[j] == "@"
    }

    /// Skips a refused word and the dotted run it starts.
    func skipRun(from start: Int) -> Int {
        var j = start
        while j < n, HostLabels.isLabelScalar(s[j]) || s[j] == "." { j += 1 }
        return j
    }

    // MARK: port, path, query, fragment

    /// The end of the link after its host: an optional `:port`, then a path, query or fragment
    /// with trailing punctuation dropped.
    func tail(from hostEnd: Int) -> Int {
        var j = hostEnd
        if j + 1 < n, s[j] == ":", s[j + 1].isASCIIDigit || Self.confusedDigit(s[j + 1]) != nil {
            guard let (k, _) = port(afterColon: j) else { return hostEnd }
            let next = k < n ? s[k] : " "
            if !next.isASCIIAlphanumeric, next != "." || !(k + 1 < n && s[k + 1].isASCIIDigit) {
                j = k
            } else {
                return hostEnd
            }
        }
        guard j < n, s[j] == "/" || s[j] == "?" || s[j] == "#" else { return j }
        var k = j
        var parens = 0, brackets = 0
        while k < n {
            let c = s[k]
            guard Self.isPathScalar(c) else { break }
            if c == "(" { parens += 1 } else if c == ")" {
                if parens == 0 { break }
                parens -= 1
            } else if c == "[" { brackets += 1 } else if c == "]" {
                if brackets == 0 { break }
                brackets -= 1
            }
            k += 1
        }
        while k > j + 1 {
            let c = s[k - 1]
            if c == "." || c == "," || c == ";" || c == ":" || c == "!" || c == "?" || c == "'" || c == "*"
                || c == "|" || c == "\u{2026}" {
                k -= 1
            } else if c == "s" || c == "S", s[k - 2] == "'" {
                k -= 2  // "http://t.co/abc's": the possessive is prose.
            } else {
                break
            }
        }
        if k == j + 1, s[j] != "/" { return j }
        return k
    }

    /// Scalars a path, query or fragment may hold: printable ASCII but quotes, `<>`, `{}`,
    /// `\`, `^` and backtick; beyond ASCII letters, digits and punctuation of most scripts, but
    /// not spaces, invisible formatting, curly quotes or CJK text (which runs into URLs without
    /// a space).
    static func isPathScalar(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        if v < 0x80 {
            guard v > 0x20, v < 0x7F else { return false }
            return c != "\"" && c != "<" && c != ">" && c != "{" && c != "}" && c != "\\" && c != "^" && c != "`"
        }
        if c.isSpaceOrLineBreak { return false }
        switch v {
        case 0x200B...0x200F, 0x2018...0x201F, 0x2028...0x202F, 0x2039, 0x203A, 0x2060...0x206F,
             0xAB, 0xBB, 0xFEFF, 0x2E80...0xA4CF, 0xAC00...0xD7AF, 0xF900...0xFAFF,
             0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x3FFFF:
            return false
        default:
            return !c.properties.isNoncharacterCodePoint && c.properties.generalCategory != .control
        }
    }

    // MARK: results

    mutating func record(start: Int, end: Int, scheme: String?, hostStart: Int, hostEnd: Int,
                         userInfoStart: Int? = nil, foldedHost: String? = nil) {
        let host = foldedHost ?? HostLabels.lowercased(s, hostStart..<hostEnd)
        var userInfo = String.UnicodeScalarView()
        if let userInfoStart { userInfo.append(contentsOf: s[userInfoStart..<hostStart]) }
        let rest = foldingPort(hostEnd..<end)
        let prefix: String
        if let scheme {
            prefix = scheme + "://"
        } else {
            prefix = host.hasPrefix("ftp.") ? "ftp://" : "https://"
        }
        found.append(Detection(kind: .link, range: start..<end,
                               value: ["url": .string(prefix + String(userInfo) + host + String(rest)),
                                       "host": .string(host)]))
    }
}
