internal import LinkNavigation
internal import LinkRouting

/// `GET /v1/routes`: the loaded table, rendered once per load.
enum TableJSON {
    static func render(_ config: LoadedConfig) -> [UInt8] {
        var w = JSONWriter(capacity: 4096)
        w.beginObject()
        w.objectField("app") { w in
            w.field("name", config.app.name)
            w.field("schemes", config.app.schemes)
            w.field("hosts", config.app.hosts)
            w.field("redirect_limit", config.app.redirectLimit)
        }
        w.arrayField("routes") { w in
            for (route, binding) in zip(config.table.routes, config.config.bindings) {
                w.beginObject()
                w.field("name", route.name)
                w.field("pattern", route.pattern.text)
                switch binding.target {
                case .screen(let screen, let strategy):
                    w.field("screen", screen)
                    w.field("strategy", strategy?.rawValue)
                case .redirect(let template):
                    w.field("redirect", template)
                }
                w.field("interceptors", binding.interceptors)
                w.objectField("query") { w in
                    for param in route.query { w.field(param.name, declarationText(param.declaration)) }
                }
                w.endObject()
            }
        }
        w.arrayField("screens") { w in
            for screen in config.graph.ordered {
                w.beginObject()
                w.field("name", screen.name)
                w.field("parent", screen.parent)
                w.key("origins")
                if let origins = screen.origins { w.field(origins.sorted()) } else { w.null() }
                w.field("presentation", screen.presentation.rawValue)
                w.field("launch", screen.launch.rawValue)
                w.objectField("params") { w in
                    for param in screen.params { w.field(param.name, declarationText(param.declaration)) }
                }
                w.endObject()
            }
        }
        w.arrayField("flows") { w in
            for flow in config.config.flows.values.sorted(by: { $0.name < $1.name }) {
                w.beginObject()
                w.field("name", flow.name)
                w.field("screens", flow.screens)
                w.key("sets")
                w.attributes(flow.sets)
                w.endObject()
            }
        }
        w.arrayField("interceptors") { w in
            for name in config.interceptorKinds.keys.sorted() {
                w.beginObject()
                w.field("name", name)
                w.field("kind", config.interceptorKinds[name] ?? "custom")
                w.endObject()
            }
        }
        w.field("global_interceptors", config.config.globalInterceptors)
        w.objectField("flags") { w in
            for name in config.config.flags.keys.sorted() { w.field(name, config.config.flags[name] ?? false) }
        }
        w.endObject()
        return w.finish()
    }

    /// A declaration in the shorthand it could be written in: `int`, `string?`, `string=direct`, `[slug]`.
    static func declarationText(_ declaration: ParamDeclaration) -> String {
        let spec = declaration.spec.text
        switch declaration.mode {
        case .required: return spec
        case .optional: return spec + "?"
        case .defaulted(let value): return spec + "=" + value.text
        case .array: return "[" + spec + "]"
        }
    }
}

extension JSONWriter {
    /// A bare array of strings (a value, not a field).
    mutating func field(_ values: [String]) {
        beginArray()
        for value in values { string(value) }
        endArray()
    }
}
