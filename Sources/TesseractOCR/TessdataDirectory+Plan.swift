import LiveTextCore

extension TessdataDirectory {
    /// The languages an analysis asking for `languages` reads in, with what is installed here.
    ///
    /// A named set reads in those of its languages that are installed (English after them, for
    /// the words they are unsure of), and notes the others;
    /// `automatic` reads in the locale's installed languages and English, and may read a block
    /// again in any other installed language `TextLanguage` tells apart, or of another script
    /// (`OtherScripts`) that reads it far more surely. Throws `unavailable`
    /// when none of the languages asked for is installed.
    public func plan(_ languages: LanguageSet, locale: LocaleLanguages) throws -> LanguagePlan {
        let installed = Set(installedLanguages())
        guard languages.isAutomatic else {
            let present = languages.names.filter(installed.contains)
            let notes = languages.names.filter { !installed.contains($0) }.map(missingNote)
            guard !present.isEmpty else { throw LiveTextError(.unavailable, notes.joined(separator: "; ")) }
            let suffix = " (reading in \(present.joined(separator: "+")))"
            // English after the named languages, for the words they read unsurely: the Spanish
            // model alone reads `<pedidos@libreria.example>` as `pedidosGlibreria` at confidence
            // 16, and the line loses it (corpus CER with the language named 1.04 -> 0.19 %).
            let fallback = present.contains("eng") || !installed.contains("eng") ? [] : ["eng"]
            return LanguagePlan(primary: try LanguageSet((present + fallback).joined(separator: "+")),
                                notes: notes.map { $0 + suffix })
        }
        var wanted = locale.languages.filter { $0 != "eng" }
        wanted.append("eng")
        let primary = wanted.filter(installed.contains)
        guard !primary.isEmpty else { throw LiveTextError(.unavailable, missingNote("eng")) }
        var notes = wanted.filter { !installed.contains($0) }.map { language in
            "the locale asks for \(DebianLanguagePacks.name(of: language)), not installed: "
                + "sudo apt install \(DebianLanguagePacks.package(for: language) ?? language)"
        }
        notes += locale.unknown.map { "no tesseract language for the locale's '\($0)': reading without it" }
        return LanguagePlan(primary: try LanguageSet(primary.joined(separator: "+")),
                            alternatives: TextLanguage.known.filter { installed.contains($0) && !primary.contains($0) },
                            otherScripts: OtherScripts.languages.filter { installed.contains($0) && !primary.contains($0) },
                            notes: notes)
    }
}
