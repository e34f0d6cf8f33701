import Foundation
import Testing

/// ARCHITECTURE.md's module table held against the sources: the modules it names exist, every
/// module is named, imports stay within what the table allows, and Package.swift declares
/// exactly what each target imports.
@Suite("the architecture as documented")
struct ArchitectureTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Modules of the toolchain and the system, importable anywhere.
    static let systemModules: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationXML", "Dispatch", "Glibc", "Musl", "Darwin",
        "Synchronization", "Testing",
    ]

    let table: [ModuleRule]
    let package: PackageManifest

    init() throws {
        let document = try String(contentsOf: Self.repository.appending(path: "ARCHITECTURE.md"), encoding: .utf8)
        table = try ModuleRule.rules(inMarkdown: document)
        let manifest = try String(contentsOf: Self.repository.appending(path: "Package.swift"), encoding: .utf8)
        package = PackageManifest(parsing: manifest)
    }

    @Test("the table names every Swift module in Sources/, and nothing that is gone")
    func tableMatchesSources() throws {
        let named = Set(table.map(\.module))
        let present = try SourceModule.swiftModules(in: Self.repository.appending(path: "Sources"))
        #expect(named.subtracting(present).sorted() == [], "named in ARCHITECTURE.md but not in Sources/")
        #expect(present.subtracting(named).sorted() == [], "in Sources/ but not in ARCHITECTURE.md")
    }

    @Test("no module imports one the table does not allow")
    func importsFollowTheTable() throws {
        let sources = Self.repository.appending(path: "Sources")
        for rule in table {
            let imports = try SourceModule.imports(of: sources.appending(path: rule.module))
                .subtracting(Self.systemModules)
            let below = rule.mayImportEveryModuleBelow
                ? Set(table.filter { $0.layer < rule.layer }.map(\.module)) : []
            let allowed = below.union(rule.mayImport)
            let crossing = imports.subtracting(allowed).subtracting([rule.module])
            #expect(crossing.sorted() == [], "\(rule.module) imports what ARCHITECTURE.md forbids")
        }
    }

    @Test("a layer never imports a higher one")
    func layersPointDown() {
        let layerOf = Dictionary(uniqueKeysWithValues: table.map { ($0.module, $0.layer) })
        for rule in table {
            for imported in rule.mayImport {
                guard let other = layerOf[imported] else { continue }
                #expect(other <= rule.layer,
                        "\(rule.module) (\(rule.layer)) may import \(imported) (\(other)), a higher layer")
                if rule.layer == .adapter {
                    #expect(other != .adapter, "adapter \(rule.module) may import adapter \(imported)")
                }
            }
        }
    }

    @Test("Package.swift declares exactly what each target imports")
    func manifestEqualsImports() throws {
        let executables = package.executableTargets
        for target in package.targets {
            let directory = Self.repository.appending(path: target.path)
            guard FileManager.default.fileExists(atPath: directory.path) else {
                Issue.record("target \(target.name): no folder \(target.path)")
                continue
            }
            let imports = try SourceModule.imports(of: directory).subtracting(Self.systemModules)
            // A test may depend on the executable to have it built; it runs it, it does not import it.
            let declared = Set(target.dependencies).subtracting(target.isTest ? executables : [])
            #expect(declared.subtracting(imports).sorted() == [], "\(target.name) declares what it never imports")
            #expect(imports.subtracting(declared).sorted() == [], "\(target.name) imports what it does not declare")
        }
    }

    @Test("the table's parser sees through a broken table")
    func parserRefusesUnknownLayer() {
        let bad = "| Module | Layer | Owns | May import |\n|---|---|---|---|\n| `X` | basement | x | — |\n"
        #expect(throws: ArchitectureDocumentError.self) { try ModuleRule.rules(inMarkdown: bad) }
        let empty = "# nothing here\n"
        #expect(throws: ArchitectureDocumentError.self) { try ModuleRule.rules(inMarkdown: empty) }
    }

    @Test("a forbidden import is caught by the same check")
    func forbiddenImportIsCaught() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "arch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "import Foundation\n@testable import DBusKit\nimport LiveTextCore // the core\n"
            .write(to: folder.appending(path: "A.swift"), atomically: true, encoding: .utf8)
        #expect(try SourceModule.imports(of: folder) == ["Foundation", "DBusKit", "LiveTextCore"])
        let core = try #require(table.first { $0.module == "LiveTextCore" })
        #expect(!Set(core.mayImport).contains("DBusKit"))
    }

    @Test("the manifest parser reads targets, paths and products")
    func manifestParser() {
        let manifest = PackageManifest(parsing: """
            .target(name: "A", dependencies: ["B", .product(name: "P", package: "p")]),
            .executableTarget(name: "tool", dependencies: [
                "A",
            ]),
            .target(name: "S", path: "Tests/S"),
            .systemLibrary(name: "CX", pkgConfig: "x"),
            .testTarget(name: "ATests", dependencies: ["A", "tool"], resources: [.copy("Fixtures")]),
            """)
        #expect(manifest.targets.map(\.name) == ["A", "tool", "S", "ATests"])
        #expect(manifest.targets[0].dependencies == ["B", "P"])
        #expect(manifest.targets[1].dependencies == ["A"])
        #expect(manifest.targets[2].path == "Tests/S")
        #expect(manifest.targets[3].path == "Tests/ATests" && manifest.targets[3].isTest)
        #expect(manifest.executableTargets == ["tool"])
    }
}
