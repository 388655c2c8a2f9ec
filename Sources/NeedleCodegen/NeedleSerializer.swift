import Crypto

/// needle 0.25.1's serializers, reproduced text for text: provider classes, factory functions, registrations,
/// the `NEEDLE_DYNAMIC` registration extensions and plugin extension providers. In Swift 6 mode the same text
/// with isolation annotations: `nonisolated` on every function and provider class (factories run inside a
/// component's initializer, on whatever thread creates it), `final`, the witnesses' global actors and
/// `@unchecked Sendable` on providers of `Sendable` protocols (docs/needle-codegen.md).
struct NeedleSerializer {
    var mode: NeedleSwiftMode = .needle

    /// `nonisolated ` in Swift 6 mode.
    private var nonisolated: String { mode.isSwift6 ? "nonisolated " : "" }

    /// A provider class's declaration start: `private class` (needle), `nonisolated private final class`.
    private var providerClassKeyword: String { mode.isSwift6 ? "nonisolated private final class" : "private class" }

    /// `, @unchecked Sendable` after a Sendable protocol's name in Swift 6 mode.
    private func sendableSuffix(_ isSendable: Bool) -> String {
        mode.isSwift6 && isSendable ? ", @unchecked Sendable" : ""
    }

    /// `@MainActor ` before a witness of an isolated requirement in Swift 6 mode.
    private func isolationPrefix(_ isolation: String?) -> String {
        guard mode.isSwift6, let isolation else { return "" }
        return "@\(isolation) "
    }

    // MARK: - Names

    /// The first 20 hexadecimal digits of the SHA-256 of the text (needle's `shortSHA256Value`).
    static func shortSHA256(_ text: String) -> String {
        let digest = SHA256.hash(data: Array(text.utf8))
        return String(digest.map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined().prefix(20))
    }

    /// `RootComponent` → `rootComponent`.
    static func lowercasedFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return String(first).lowercased() + text.dropFirst()
    }

    static func className(_ provider: ProcessedProvider) -> String {
        "\(provider.dependency.name)\(shortSHA256(provider.pathString))Provider"
    }

    static func parameters(_ provider: ProcessedProvider) -> String {
        provider.levelMap.sorted { $0.key < $1.key }.map { type, level in
            "\(lowercasedFirst(type)): parent\(level)(component) as! \(type)"
        }.joined(separator: ", ")
    }

    static func factoryName(className: String, parameters: String) -> String {
        "factory\(shortSHA256(className))\(shortSHA256(parameters))"
    }

    // MARK: - Providers

    /// One component's providers: per group of paths that resolve alike, the class (named after the group's
    /// first path) then a factory and a registration per path.
    func providers(_ processed: [ProcessedProvider]) -> [SerializedProvider] {
        var groups: [[ProcessedProperty]: [ProcessedProvider]] = [:]
        var order: [[ProcessedProperty]] = []
        for provider in processed {
            if groups[provider.properties] == nil { order.append(provider.properties) }
            groups[provider.properties, default: []].append(provider)
        }
        var result: [SerializedProvider] = []
        for key in order {
            let members = groups[key] ?? []
            guard let first = members.first else { continue }
            let groupClass = Self.className(first)
            let isEmpty = first.dependency.isEmptyDependency
            if !isEmpty {
                result.append(SerializedProvider(content: providerClass(first, className: groupClass), registration: ""))
            }
            for provider in members {
                let arguments = Self.parameters(provider)
                let factory = Self.factoryName(className: groupClass, parameters: arguments)
                let registration = "registerProviderFactory(\"\(provider.pathString)\", \(isEmpty ? "factoryEmptyDependencyProvider" : factory))\n"
                if isEmpty {
                    result.append(SerializedProvider(content: "", registration: registration))
                    continue
                }
                let content = """
                    /// \(provider.pathString)
                    \(nonisolated)private func \(factory)(_ component: NeedleFoundation.Scope) -> AnyObject {
                        return \(groupClass)(\(arguments))
                    }

                    """
                let maxLevel = provider.levelMap.values.max() ?? 0
                result.append(SerializedProvider(
                    content: content, registration: registration, maxLevel: maxLevel > 0 ? maxLevel : nil,
                    factoryName: factory))
            }
        }
        return result
    }

    private func providerClass(_ provider: ProcessedProvider, className: String) -> String {
        let lowercasedFirst = Self.lowercasedFirst
        let properties = provider.properties.map { property in
            let name = property.property.name
            let requirement = provider.dependency.properties.first { $0 == property.property }
            let source = lowercasedFirst(property.sourceComponent)
            let access: String
            switch property.auxiliaryType {
            case .pluginExtension: access = "\(source).pluginExtension"
            case .nonCoreComponent: access = "(\(source).nonCoreComponent as! \(property.auxiliaryName ?? ""))"
            case nil: access = source
            }
            return "    \(isolationPrefix(requirement?.isolation))var \(name): \(property.property.type) {\n        return \(access).\(name)\n    }"
        }.joined(separator: "\n")
        let sorted = provider.levelMap.keys.sorted()
        let stored = sorted.map { "    private let \(lowercasedFirst($0)): \($0)" }.joined(separator: "\n")
        let arguments = sorted.map { "\(lowercasedFirst($0)): \($0)" }.joined(separator: ", ")
        let body = sorted.map { "        self.\(lowercasedFirst($0)) = \(lowercasedFirst($0))" }.joined(separator: "\n")
        let initializer = "    init(\(arguments)) {\n\(body)\n    }"
        let conformance = provider.dependency.name + sendableSuffix(provider.dependency.isSendable)
        return "\(providerClassKeyword) \(className): \(conformance) {\n\(properties)\n\(stored)\n\(initializer)\n}\n"
    }

    // MARK: - NEEDLE_DYNAMIC

    /// The `Registration` extension of a component that has providers.
    func registration(_ node: NeedleNode) -> String {
        let dependency = node.dependency.properties.map { property in
            "        keyPathToName[\\\(node.dependency.name).\(property.name)] = \"\(property.name)-\(property.type)\""
        }.joined(separator: "\n")
        var body = dependency
        if !node.isLeaf {
            let table = node.properties.filter { !$0.isInternal }.map { property in
                "        localTable[\"\(property.name)-\(property.type)\"] = { [unowned self] in self.\(property.name) as Any }"
            }.joined(separator: "\n")
            body += "\n" + table
        }
        return "extension \(node.name): NeedleFoundation.Registration {\n    public func registerItems() {\n\(body)\n    }\n}\n"
    }

    // MARK: - Plugin extensions

    func pluginExtensionProvider(
        core: NeedleNode, nonCore: NeedleNode, pluginExtension: String, properties: [NeedleProperty], isSendable: Bool = false
    ) -> SerializedProvider {
        let nonCoreProperty = Self.lowercasedFirst(nonCore.name)
        let coreProperty = Self.lowercasedFirst(core.name)
        let members = properties.map { property in
            "    \(isolationPrefix(property.isolation))var \(property.name): \(property.type) {\n        return \(nonCoreProperty).\(property.name)\n    }"
        }.joined(separator: "\n")
        let content = """
            /// \(core.name) plugin extension
            \(providerClassKeyword) \(pluginExtension)Provider: \(pluginExtension)\(sendableSuffix(isSendable)) {
            \(members)
                private unowned let \(nonCoreProperty): \(nonCore.name)
                init(component: NeedleFoundation.Scope) {
                    let \(coreProperty) = component as! \(core.name)
                    \(nonCoreProperty) = \(coreProperty).nonCoreComponent as! \(nonCore.name)
                }
            }

            """
        let registration = """
            __PluginExtensionProviderRegistry.instance.registerPluginExtensionProviderFactory(for: "\(core.name)") { component in
                return \(pluginExtension)Provider(component: component)
            }

            """
        return SerializedProvider(content: content, registration: registration)
    }

    func pluginExtensionRegistration(core: NeedleNode, pluginExtension: String, properties: [NeedleProperty]) -> String {
        let members = properties.map { property in
            "        extensionToName[\\\(pluginExtension).\(property.name)] = \"\(property.name)-\(property.type)\""
        }.joined(separator: "\n")
        return """
            /// \(core.name) plugin extension
            extension \(core.name): NeedleFoundation.ExtensionRegistration {
                public func registerExtensionItems() {
            \(members)
                }
            }

            """
    }

    // MARK: - The file

    func output(
        providers: [SerializedProvider], dynamicProviders: [String], imports: [String], headerDoc: String,
        dependenciesHash: String?
    ) -> String {
        var registeredFactories: Set<String> = []
        var maxLevel = 1
        var providersSection = ""
        for provider in providers {
            if let level = provider.maxLevel, level > maxLevel { maxLevel = level }
            if let factory = provider.factoryName {
                guard registeredFactories.insert(factory).inserted else { continue }
            }
            providersSection += provider.content
        }
        let dynamicSection = dynamicProviders.joined()
        let traversal = (1...maxLevel).map { level in
            "\(nonisolated)private func parent\(level)(_ component: NeedleFoundation.Scope) -> NeedleFoundation.Scope {\n    return component\(String(repeating: ".parent", count: level))\n}"
        }.joined(separator: "\n\n")
        let hash = dependenciesHash.map { "\"\($0)\"" } ?? "nil"

        let linesPerHelper = 50
        let registrations = providers.map(\.registration).filter { !$0.isEmpty }
        var helpers: [String] = []
        var calls: [String] = []
        for start in stride(from: 0, to: registrations.count, by: linesPerHelper) {
            let chunk = registrations[start..<min(start + linesPerHelper, registrations.count)].joined()
            let body = Self.trimmed(chunk.replacingNewlines(with: "\n    "))
            let number = start / linesPerHelper + 1
            helpers.append("@inline(never) \(nonisolated)private func register\(number)() {\n    \(body)\n}")
            calls.append("register\(number)()")
        }

        return """
            \(headerDoc)

            \(imports.joined(separator: "\n"))

            // swiftlint:disable unused_declaration
            private let needleDependenciesHash : String? = \(hash)

            // MARK: - Traversal Helpers

            \(traversal)

            // MARK: - Providers

            #if !NEEDLE_DYNAMIC

            \(providersSection)
            #else
            \(dynamicSection)

            #endif

            \(nonisolated)private func factoryEmptyDependencyProvider(_ component: NeedleFoundation.Scope) -> AnyObject {
                return EmptyDependencyProvider(component: component)
            }

            // MARK: - Registration
            \(nonisolated)private func registerProviderFactory(_ componentPath: String, _ factory: @escaping (NeedleFoundation.Scope) -> AnyObject) {
                __DependencyProviderRegistry.instance.registerDependencyProviderFactory(for: componentPath, factory)
            }

            #if !NEEDLE_DYNAMIC

            \(helpers.joined(separator: "\n\n"))
            #endif

            \(nonisolated)public func registerProviderFactories() {
            #if !NEEDLE_DYNAMIC
                \(calls.joined(separator: "\n    "))
            #endif
            }

            """
    }

    /// Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)` for the characters needle's text holds.
    static func trimmed(_ text: String) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let start = text.firstIndex(where: { !isSpace($0) }),
              let end = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(text[start...end])
    }
}

extension String {
    func replacingNewlines(with replacement: String) -> String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
