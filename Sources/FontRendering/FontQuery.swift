/// A font description split into family words and the style words fontconfig understands
/// ("DejaVu Serif Bold Italic" → family "DejaVu Serif", weight bold, slant italic).
///
/// Style words are only taken from the end, so a family such as "Noto Sans Light Display" keeps
/// its inner words; a trailing size ("12", "11px") is dropped, as the interface ignores it.
public struct FontQuery: Sendable, Hashable {
    /// Weights in fontconfig's scale (`FC_WEIGHT_*`).
    public enum Weight: Int32, Sendable, Hashable, CaseIterable {
        case thin = 0, extraLight = 40, light = 50, book = 75, regular = 80, medium = 100
        case semiBold = 180, bold = 200, extraBold = 205, black = 210
    }

    /// Slants in fontconfig's scale (`FC_SLANT_*`).
    public enum Slant: Int32, Sendable, Hashable {
        case roman = 0, italic = 100, oblique = 110
    }

    /// The family words, as given ("Sans" when only style words were given).
    public var family: String
    /// The weight asked for; `nil` leaves fontconfig's default (regular).
    public var weight: Weight?
    /// The slant asked for; `nil` means upright.
    public var slant: Slant?

    public init(family: String, weight: Weight? = nil, slant: Slant? = nil) {
        self.family = family
        self.weight = weight
        self.slant = slant
    }

    /// Splits `description` at its trailing style words. Empty or size-only text asks for "Sans".
    public init(parsing description: String) {
        var words = description.split(whereSeparator: { $0.isWhitespace || $0 == "," }).map(String.init)
        if let last = words.last, Self.isSize(last) { words.removeLast() }
        var weight: Weight?
        var slant: Slant?
        while let last = words.last {
            let key = last.lowercased()
            if weight == nil, let w = Self.weights[key] {
                weight = w
            } else if slant == nil, let s = Self.slants[key] {
                slant = s
            } else if key == "regular" || key == "normal" || key == "roman" || key == "upright" {
                weight = weight ?? .regular
            } else {
                break
            }
            words.removeLast()
        }
        self.init(family: words.isEmpty ? "Sans" : words.joined(separator: " "), weight: weight, slant: slant)
    }

    /// Whether `family` is one of fontconfig's generic aliases, which any installed face satisfies.
    public var isGenericFamily: Bool {
        Self.genericFamilies.contains(family.lowercased())
    }

    private static let genericFamilies: Set<String> = [
        "sans", "sans-serif", "sans serif", "serif", "monospace", "mono", "system-ui", "ui-sans-serif",
    ]

    private static let weights: [String: Weight] = [
        "thin": .thin, "hairline": .thin,
        "extralight": .extraLight, "ultralight": .extraLight, "extra-light": .extraLight,
        "light": .light, "book": .book,
        "medium": .medium,
        "semibold": .semiBold, "demibold": .semiBold, "semi-bold": .semiBold, "demi-bold": .semiBold,
        "bold": .bold,
        "extrabold": .extraBold, "ultrabold": .extraBold, "extra-bold": .extraBold,
        "black": .black, "heavy": .black,
    ]

    private static let slants: [String: Slant] = ["italic": .italic, "oblique": .oblique]

    private static func isSize(_ word: String) -> Bool {
        let number = word.hasSuffix("px") ? String(word.dropLast(2)) : word
        return !number.isEmpty && number.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
    }
}
