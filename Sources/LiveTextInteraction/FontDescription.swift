/// A font as the supplementary interface uses it: family and style words such as
/// "Cantarell Bold" (Pango/fontconfig style). VisionKit ignores the point size of
/// `supplementaryInterfaceFont` so the buttons keep one size; livetext does the same, so a
/// trailing size ("Cantarell Bold 12", "Sans 11px") is split off and reported, not used.
public struct FontDescription: Sendable, Hashable, CustomStringConvertible {
    /// Family and style words, without a size: what gets stored and written back.
    public var name: String
    /// The size that was given and dropped, for a warning.
    public var ignoredSize: String?

    /// Parses `text`; `nil` when nothing but a size (or nothing) is left.
    public init?(parsing text: String) {
        var words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        var size: String?
        if let last = words.last, Self.isSize(last) {
            size = last
            words.removeLast()
        }
        // A trailing comma belongs to Pango's family list ("Cantarell, 12"): not part of the name.
        while let last = words.last, last == "," { words.removeLast() }
        if let last = words.last, last.hasSuffix(",") {
            words[words.count - 1] = String(last.dropLast())
        }
        let name = words.joined(separator: " ")
        guard !name.isEmpty else { return nil }
        self.name = name
        self.ignoredSize = size
    }

    /// "Sans Bold": the interface font when none is set.
    public static let standard = FontDescription(name: "Sans Bold")

    private init(name: String) {
        self.name = name
        self.ignoredSize = nil
    }

    public var description: String { name }

    /// "12", "10.5", "11px": Pango's size forms.
    private static func isSize(_ word: String) -> Bool {
        let number = word.hasSuffix("px") ? String(word.dropLast(2)) : word
        return !number.isEmpty && Double(number) != nil
            && number.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
    }
}
