/// The languages one analysis reads in, as the engines resolve a `LanguageSet`.
public struct LanguagePlan: Sendable, Hashable {
    /// The set every block is read with first.
    public var primary: LanguageSet
    /// Installed languages a block may be read again in, when its text is plainly one of them
    /// (`TextLanguage.identify`); empty when the user named the languages.
    public var alternatives: [String]
    /// Installed languages of other scripts (`OtherScripts`) a block may be read again in, when
    /// its first reading is unsure and one of them reads it far more surely; empty when the
    /// user named the languages.
    public var otherScripts: [String]
    /// What the user should hear about (once): languages asked for that are not installed.
    public var notes: [String]

    public init(primary: LanguageSet, alternatives: [String] = [], otherScripts: [String] = [], notes: [String] = []) {
        self.primary = primary
        self.alternatives = alternatives
        self.otherScripts = otherScripts
        self.notes = notes
    }

    /// The plan without language data to look at: English for `automatic`, else the set as named.
    public static func named(_ languages: LanguageSet) -> LanguagePlan {
        LanguagePlan(primary: languages.isAutomatic ? .english : languages)
    }
}
