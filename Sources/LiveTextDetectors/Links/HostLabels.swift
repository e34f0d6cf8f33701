/// What host names are made of, shared by the link and email detectors.
///
/// A host is scanned once into its labels (the dot-separated parts), then validated: RFC 1035
/// lengths, no hyphen at a label's edge, a known top-level domain.
enum HostLabels {
    /// Letters, digits, `-` and `_` of host names met without a scheme: ASCII, the Latin, Greek
    /// and Cyrillic letters (`elpaís.com`, `пример.рф`). Other scripts end a bare host, because
    /// Japanese or Chinese text runs into domains without a space (`中国語example.com`).
    @inline(__always)
    static func isBareLabelScalar(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        if v < 0x80 { return c.isASCIIAlphanumeric || v == 0x2D || v == 0x5F }
        if v >= 0xC0 && v <= 0x24F { return v != 0xD7 && v != 0xF7 }
        if v >= 0x370 && v <= 0x52F { return c.properties.isAlphabetic }
        return v >= 0x1E00 && v <= 0x1EFF
    }

    /// Letters, digits, `-` and `_` of any script: host names after a scheme and email domains
    /// (`http://ああ.com`).
    @inline(__always)
    static func isLabelScalar(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        if v < 0x80 { return c.isASCIIAlphanumeric || v == 0x2D || v == 0x5F }
        return c.isAlphanumeric
    }

    /// The label as a lower-cased string (ASCII and Unicode case folding).
    static func lowercased(_ scalars: [Unicode.Scalar], _ range: Range<Int>) -> String {
        var view = String.UnicodeScalarView()
        var ascii = true
        for k in range {
            let c = scalars[k]
            if c.value >= 0x80 { ascii = false }
            view.append(c.asciiLowercased)
        }
        let string = String(view)
        return ascii ? string : string.lowercased()
    }

    /// Whether `scalars[range]` is a top-level domain of the root zone.
    static func isTopLevelDomain(_ scalars: [Unicode.Scalar], _ range: Range<Int>) -> Bool {
        guard range.count >= 2, range.count <= TopLevelDomains.maximumLength else { return false }
        for k in range where scalars[k].value < 0x80 && !scalars[k].isASCIILetter {
            // Only the punycode forms have digits and hyphens, and they start with "xn--".
            guard range.count > 4, scalars[range.lowerBound].asciiLowercased == "x" else { return false }
            break
        }
        let name = lowercased(scalars, range)
        return TopLevelDomains.all.contains(name) || TopLevelDomains.documentation == name
    }

    /// Checks the labels of a host or mail domain: 1-63 scalars each, at most 253 in all, no
    /// `-` or `_` at a label's edge, `_` only in subdomains (never in the registered name or the
    /// top-level domain) when `underscores` allows it at all, `xn--` labels in ASCII, and a known
    /// top-level domain last.
    static func isValidDomain(_ scalars: [Unicode.Scalar], labels: ArraySlice<Range<Int>>,
                              underscores: Bool) -> Bool {
        guard labels.count >= 2, let first = labels.first, let last = labels.last,
              last.upperBound - first.lowerBound <= 253 else { return false }
        let registered = labels.count - 2
        for (n, label) in labels.enumerated() {
            guard label.count >= 1, label.count <= 63 else { return false }
            let head = scalars[label.lowerBound], tail = scalars[label.upperBound - 1]
            if head == "-" || head == "_" || tail == "-" || tail == "_" { return false }
            var sawUnderscore = false, sawNonASCII = false
            for k in label {
                let c = scalars[k]
                if c == "_" { sawUnderscore = true } else if c.value >= 0x80 { sawNonASCII = true }
            }
            if sawUnderscore && (!underscores || n >= registered) { return false }
            if sawNonASCII, label.count >= 4, scalars[label.lowerBound].asciiLowercased == "x",
               scalars[label.lowerBound + 1].asciiLowercased == "n",
               scalars[label.lowerBound + 2] == "-", scalars[label.lowerBound + 3] == "-" {
                return false
            }
        }
        return isTopLevelDomain(scalars, last)
    }

    /// Scans a dotted run of labels starting at `start` into `labels` (cleared first) and
    /// returns where it ends: before the first scalar that is neither a label scalar nor a dot
    /// between two labels. Stops recording (but keeps scanning, so the caller can skip the whole
    /// run) once the run is longer than any host can be.
    ///
    /// With `cutAtScriptChange`, a label that is a top-level domain in ASCII ends the host where
    /// another script begins: `example.comだよね` is `example.com`.
    static func scan(_ scalars: [Unicode.Scalar], from start: Int, labels: inout [Range<Int>],
                     isLabel: (Unicode.Scalar) -> Bool, cutAtScriptChange: Bool) -> (end: Int, overlong: Bool) {
        labels.removeAll(keepingCapacity: true)
        let n = scalars.count
        var i = start
        var labelStart = start
        var overlong = false
        var labelASCII = true
        while i < n {
            let c = scalars[i]
            if c == "." {
                guard i > labelStart, i + 1 < n, isLabel(scalars[i + 1]) else { break }
                if !overlong { labels.append(labelStart..<i) }
                i += 1
                labelStart = i
                labelASCII = true
                continue
            }
            guard isLabel(c) else { break }
            if cutAtScriptChange, c.value >= 0x80 {
                if labelASCII, !labels.isEmpty, i > labelStart,
                   isTopLevelDomain(scalars, labelStart..<i) {
                    break
                }
                labelASCII = false
            }
            i += 1
            if i - start > 253 { overlong = true }
        }
        if !overlong && i > labelStart { labels.append(labelStart..<i) }
        return (i, overlong)
    }
}
