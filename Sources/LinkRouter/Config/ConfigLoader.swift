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
                        at: SourceLocation(file: path, line: 1, column: 1),
                        hint: "save it as UTF-8"
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
            throw ConfigError(diagnostics: [yamlDiagnostic(error, file: file, text: text)])
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

    /// A YAML syntax error with the place libyaml reports; a duplicate key at its second spelling
    /// when `text` shows where that is.
    static func yamlDiagnostic(_ error: any Error, file: String, text: String? = nil) -> ConfigDiagnostic {
        let syntaxHint = "the file must be YAML (or JSON)"
        switch error as? YamlError {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
            .composer(_, let problem, let mark, _):
            return ConfigDiagnostic(
                .error,
                "yaml_syntax",
                problem,
                at: SourceLocation(file: file, line: mark.line, column: mark.column),
                hint: syntaxHint
            )
        case .duplicatedKeysInMapping(let duplicates, let context):
            let key = duplicates.first ?? ""
            let first = (line: context.mark.line, column: context.mark.column)
            let again = text.flatMap { repeatedKey(key, at: first, in: $0) }
            let place = again ?? text.map { afterQuote(first, in: $0) } ?? first
            return ConfigDiagnostic(
                .error,
                "duplicate_key",
                "key '\(key)' is written twice in one mapping" + (again == nil ? "" : " (first on line \(first.line))")
                    + (duplicates.count > 1 ? "; so are " + duplicates.dropFirst().joined(separator: ", ") : ""),
                at: SourceLocation(file: file, line: place.line, column: place.column),
                hint: "keep one of them: a key appears once in a mapping"
            )
        case .reader(let problem, _, _, _):
            return ConfigDiagnostic(
                .error,
                "yaml_syntax",
                problem,
                at: SourceLocation(file: file, line: 1, column: 1),
                hint: syntaxHint
            )
        default:
            return ConfigDiagnostic(
                .error,
                "yaml_syntax",
                "\(error)",
                at: SourceLocation(file: file, line: 1, column: 1),
                hint: syntaxHint
            )
        }
    }

    /// Where the block-mapping key written at `first` is written again: a later line of the same
    /// mapping (lines indented less end it) that starts with the key at the same column. `nil` for
    /// flow mappings (`{a: 1, a: 2}`), which keep the first place.
    static func repeatedKey(_ key: String, at first: (line: Int, column: Int), in text: String) -> (
        line: Int, column: Int
    )? {
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        guard first.line >= 1, first.line <= lines.count else { return nil }
        let indent = first.column - 1
        for index in first.line..<lines.count {
            let line = Array(lines[index])
            guard let start = line.firstIndex(where: { $0 != " " && $0 != "\r" }), line[start] != "#" else {
                continue
            }
            if start < indent { return nil }
            guard start == indent else { continue }
            let rest = String(String.UnicodeScalarView(line[start...]))
            for spelling in [key, "\"\(key)\"", "'\(key)'"] where rest.hasPrefix(spelling) {
                if rest.dropFirst(spelling.count).drop(while: { $0 == " " }).hasPrefix(":") {
                    return (index + 1, first.column + (spelling == key ? 0 : 1))
                }
            }
        }
        return nil
    }

    /// `place`, moved past an opening quote if one is written there.
    static func afterQuote(_ place: (line: Int, column: Int), in text: String) -> (line: Int, column: Int) {
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        guard place.line >= 1, place.line <= lines.count else { return place }
        let line = Array(lines[place.line - 1])
        guard place.column >= 1, place.column <= line.count,
            line[place.column - 1] == "\"" || line[place.column - 1] == "'"
        else { return place }
        return (place.line, place.column + 1)
    }
}
