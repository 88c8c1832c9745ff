import Foundation
import Testing
import TestSupport

/// The root manifest as `swift package dump-package` prints it: enough to walk a target's dependencies.
struct Manifest {
    struct Product: Hashable, CustomStringConvertible {
        let name: String
        /// The package identity, or "?" for a by-name dependency that is no target of this package.
        let package: String
        var description: String { "\(name) (\(package))" }
    }

    struct Closure {
        var targets: Set<String> = []
        var products: Set<Product> = []
        /// Who first pulled each target or product in.
        var parent: [String: String] = [:]

        func path(to name: String) -> String {
            var chain = [name]
            while let up = parent[chain[0]] { chain.insert(up, at: 0) }
            return chain.joined(separator: " → ")
        }
    }

    /// The names of `target`'s dependencies that are targets of this package, whatever their condition.
    func targetDependencies(of target: String) -> Set<String> {
        var names: Set<String> = []
        for dependency in dependencies[target] ?? [] {
            if let named = (dependency["byName"] ?? dependency["target"]) as? [Any], let name = named.first as? String,
               dependencies[name] != nil {
                names.insert(name)
            }
        }
        return names
    }

    /// The names of the products `target` depends on (`ArgumentParser`), whatever their condition.
    func productDependencies(of target: String) -> Set<String> {
        Set((dependencies[target] ?? []).compactMap { ($0["product"] as? [Any])?.first as? String })
    }

    /// Target name → its dependencies, as dump-package's JSON gives them.
    let dependencies: [String: [[String: Any]]]
    /// Platform name (`ios`) → its minimum version.
    var platforms: [String: String] = [:]
    /// Product name → its type (`library`, `executable`, `plugin`).
    var products: [String: String] = [:]
    /// The names of the test targets (`.testTarget`).
    var testTargets: Set<String> = []
    /// Target name → its type (`regular`, `executable`, `test`, `plugin`, `system`).
    var targetTypes: [String: String] = [:]

    static func load() async throws -> Manifest {
        // A scratch path of its own, so this does not wait on the .build lock that `swift test` holds.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("fsq-manifest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let result = try await runProcess(
            URL(fileURLWithPath: "/usr/bin/env"), ["swift", "package", "--scratch-path", scratch.path, "dump-package"],
            currentDirectory: Products.packageRoot, timeout: .seconds(120))
        try #require(result.status == 0, "swift package dump-package failed: \(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let targets = try #require(json["targets"] as? [[String: Any]], "no targets in dump-package output")
        var dependencies: [String: [[String: Any]]] = [:]
        for target in targets {
            let name = try #require(target["name"] as? String)
            dependencies[name] = target["dependencies"] as? [[String: Any]] ?? []
        }
        var manifest = Manifest(dependencies: dependencies)
        manifest.testTargets = Set(targets.filter { $0["type"] as? String == "test" }.compactMap { $0["name"] as? String })
        for target in targets {
            if let name = target["name"] as? String { manifest.targetTypes[name] = target["type"] as? String ?? "?" }
        }
        for platform in json["platforms"] as? [[String: Any]] ?? [] {
            if let name = platform["platformName"] as? String { manifest.platforms[name] = platform["version"] as? String ?? "" }
        }
        for product in json["products"] as? [[String: Any]] ?? [] {
            if let name = product["name"] as? String { manifest.products[name] = (product["type"] as? [String: Any])?.keys.first ?? "?" }
        }
        return manifest
    }

    /// What `root` builds with `traits` enabled: a dependency conditioned on other traits is left out.
    func closure(of root: String, traits: Set<String>) async throws -> Closure {
        try #require(dependencies[root] != nil, "no target \(root) in Package.swift")
        var closure = Closure()
        var pending = [root]
        closure.targets.insert(root)
        while let target = pending.popLast() {
            for dependency in dependencies[target] ?? [] where Self.applies(dependency, traits: traits) {
                if let product = dependency["product"] as? [Any], let name = product.first as? String {
                    closure.products.insert(Product(name: name, package: product.dropFirst().first as? String ?? "?"))
                    closure.parent[name] = closure.parent[name] ?? target
                } else if let named = (dependency["byName"] ?? dependency["target"]) as? [Any], let name = named.first as? String {
                    guard dependencies[name] != nil else {
                        closure.products.insert(Product(name: name, package: "?"))
                        closure.parent[name] = closure.parent[name] ?? target
                        continue
                    }
                    if closure.targets.insert(name).inserted {
                        closure.parent[name] = target
                        pending.append(name)
                    }
                }
            }
        }
        return closure
    }

    /// Whether a dependency is built with `traits`: its condition (`{"traits": [...]}`, last in dump-package's
    /// array) names one of them, or it has none.
    static func applies(_ dependency: [String: Any], traits: Set<String>) -> Bool {
        guard let entry = dependency.values.first as? [Any],
              let condition = entry.compactMap({ $0 as? [String: Any] }).last,
              let only = condition["traits"] as? [String] else { return true }
        return !traits.isDisjoint(with: only)
    }
}
