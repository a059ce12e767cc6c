internal import Foundation
internal import Yams

/// Loads a route table from YAML (or JSON) text and validates all of it (SPEC §2, §2.2).
public enum ConfigLoader {
    /// Reads and validates the file at `path`.
    /// - Throws: ``ConfigError`` with every problem found, in file order.
    public static func load(path: String) throws(ConfigError) -> LoadedConfig {
        let text: String
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            guard let decoded = String(data: data, encoding: .utf8) else {
                throw ConfigError(diagnostics: [
                    ConfigDiagnostic(
                        .error,
                        "invalid_file",
                        "the file is not UTF-8 text",
                        at: SourceLocation(file: path, line: 1, column: 1)
                    )
                ])
            }
            text = decoded
        } catch let error as ConfigError {
            throw error
        } catch {
            throw ConfigError(diagnostics: [
                ConfigDiagnostic(
                    .error,
                    "unreadable_file",
                    "cannot read the file: \(error.localizedDescription)",
                    at: SourceLocation(file: path, line: 1, column: 1),
                    hint: "check the path and its permissions"
                )
            ])
        }
        return try load(text: text, file: path)
    }

    /// Validates config `text`; `file` names it in diagnostics.
    public static func load(text: String, file: String) throws(ConfigError) -> LoadedConfig {
        let reader = ConfigReader(file: file)
        let root: Node
        do {
            guard let composed = try Yams.compose(yaml: text) else {
                throw ConfigError(diagnostics: [
                    ConfigDiagnostic(
                        .error,
                        "empty_config",
                        "the file holds no config",
                        at: SourceLocation(file: file, line: 1, column: 1),
                        hint: "start from config/routes.yaml"
                    )
                ])
            }
            root = composed
        } catch let error as ConfigError {
            throw error
        } catch {
            throw ConfigError(diagnostics: [yamlDiagnostic(error, file: file)])
        }
        let document = reader.document(root)
        var validator = ConfigValidator(document: document, reader: reader)
        let loaded = validator.build()
        let diagnostics = reader.diagnostics.sorted { $0.location < $1.location }
        guard let loaded, !diagnostics.contains(where: { $0.severity == .error }) else {
            throw ConfigError(diagnostics: diagnostics)
        }
        return LoadedConfig(
            file: file,
            app: loaded.app,
            sessions: loaded.sessions,
            navigator: loaded.navigator,
            interceptorKinds: loaded.interceptorKinds,
            warnings: diagnostics
        )
    }

    /// A YAML syntax error with the place libyaml reports.
    static func yamlDiagnostic(_ error: any Error, file: String) -> ConfigDiagnostic {
        let place: (Int, Int, String)
        switch error as? YamlError {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
            .composer(_, let problem, let mark, _):
            place = (mark.line, mark.column, problem)
        case .duplicatedKeysInMapping(let duplicates, let context):
            place = (
                context.mark.line, context.mark.column,
                "a key is written twice in one mapping: " + duplicates.joined(separator: ", ")
            )
        case .reader(let problem, _, _, _):
            place = (1, 1, problem)
        default:
            place = (1, 1, "\(error)")
        }
        return ConfigDiagnostic(
            .error,
            place.2.contains("written twice") ? "duplicate_key" : "yaml_syntax",
            place.2,
            at: SourceLocation(file: file, line: place.0, column: place.1),
            hint: "the file must be YAML (or JSON)"
        )
    }
}
