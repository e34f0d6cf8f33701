import CFontconfig
import Foundation
import Synchronization

/// Finds the installed face for a description such as "Sans Bold" or "DejaVu Serif Italic"
/// with fontconfig, and says whether the family asked for was really there.
///
/// One fontconfig configuration is loaded for the process (`shared`); it is only reached inside
/// its `Mutex`, so the matcher can be used from any thread.
public final class FontMatcher: Sendable {
    /// The process's matcher, its configuration loaded on first use.
    public static let shared = FontMatcher()

    /// Loaded on first use; `nil` again after a failed load, so the error repeats.
    private let config = Mutex<OpaquePointer?>(nil)

    private init() {}

    deinit {
        config.withLock { config in
            if let config { FcConfigDestroy(config) }
        }
    }

    /// The face for `description`: style words at its end pick weight and slant, a trailing
    /// size is ignored. Throws when fontconfig has no configuration or no face at all.
    public func match(_ description: String) throws -> FontMatch {
        let query = FontQuery(parsing: description)
        return try self.config.withLock { stored in
            let config = try Self.loaded(&stored)
            guard let pattern = FcPatternCreate() else { throw FontError("fontconfig could not allocate a pattern") }
            defer { FcPatternDestroy(pattern) }
            FcPatternAddString(pattern, FC_FAMILY, query.family)
            if let weight = query.weight { FcPatternAddInteger(pattern, FC_WEIGHT, weight.rawValue) }
            if let slant = query.slant { FcPatternAddInteger(pattern, FC_SLANT, slant.rawValue) }
            FcConfigSubstitute(config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            guard let found = FcFontMatch(config, pattern, &result) else {
                throw FontError("no font installed matches '\(description)' (fontconfig found no face at all)")
            }
            defer { FcPatternDestroy(found) }
            guard let file = Self.strings(found, FC_FILE).first else {
                throw FontError("fontconfig matched '\(description)' to a face without a file")
            }
            var index: Int32 = 0
            if FcPatternGetInteger(found, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
            let families = Self.strings(found, FC_FAMILY)
            let wanted = query.family.lowercased()
            let present = query.isGenericFamily || families.contains { $0.lowercased() == wanted }
            return FontMatch(request: description, requestedFamily: query.family, file: file,
                             faceIndex: Int(index), family: families.first ?? query.family,
                             style: Self.strings(found, FC_STYLE).first ?? "", isFallback: !present)
        }
    }

    /// `config`, loaded first if need be (in the lock).
    private static func loaded(_ config: inout OpaquePointer?) throws -> OpaquePointer {
        if let config { return config }
        guard let loaded = FcInitLoadConfigAndFonts() else {
            throw FontError("fontconfig could not load its configuration (is fontconfig installed?)")
        }
        config = loaded
        return loaded
    }

    /// Every value of a string property, in the pattern's order.
    private static func strings(_ pattern: OpaquePointer, _ object: String) -> [String] {
        var values = [String]()
        var n: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value {
            values.append(String(cString: value))
            n += 1
        }
        return values
    }
}
