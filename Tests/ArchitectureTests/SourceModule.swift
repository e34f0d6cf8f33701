import Foundation

/// What the folders of Sources/ and Tests/ hold: modules and the modules their files import.
enum SourceModule {
    /// The folders of `sources` that hold Swift files.
    static func swiftModules(in sources: URL) throws -> Set<String> {
        try Set(folders(in: sources).filter { try !swiftFiles(in: $0).isEmpty }.map(\.lastPathComponent))
    }

    /// Every module imported by a Swift file under `folder` (attributes such as `@testable`
    /// and access levels before `import` are read through; `import struct A.B` counts as A).
    static func imports(of folder: URL) throws -> Set<String> {
        var modules = Set<String>()
        for file in try swiftFiles(in: folder) {
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                if let module = importedModule(in: line) { modules.insert(module) }
            }
        }
        return modules
    }

    static func importedModule(in line: Substring) -> String? {
        var words = line.split(whereSeparator: \.isWhitespace)[...]
        while let first = words.first, first.hasPrefix("@") || ["public", "package", "internal", "private",
                                                               "fileprivate"].contains(first) {
            words = words.dropFirst()
        }
        guard words.first == "import", words.count >= 2 else { return nil }
        words = words.dropFirst()
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]
        if let kind = words.first, kinds.contains(kind) { words = words.dropFirst() }
        guard let path = words.first else { return nil }
        let module = path.split(separator: ".").first.map(String.init)
        return module?.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) == true ? module : nil
    }

    static func folders(in directory: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: [.isDirectoryKey])
            .filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
    }

    static func swiftFiles(in folder: URL) throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
    }
}
