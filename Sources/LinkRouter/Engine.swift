public import LinkNavigation
import Synchronization

/// The running service's state: the loaded route table (swapped whole, only after a successful
/// reload), the session store and the metrics. Shared by every request thread.
public final class Engine: Sendable {
    private let current: Mutex<Snapshot>
    public let store: SessionStore
    public let metrics: Metrics
    /// The file reloads read; `nil` for a table given in memory.
    public let configPath: String?

    /// The loaded table, held in a class so that a request takes it with one retain.
    /// Constant answers are rendered here, once per load.
    public final class Snapshot: Sendable {
        public let config: LoadedConfig
        let routesJSON: [UInt8]
        let appleAssociation: [UInt8]
        let assetLinks: [UInt8]

        init(_ config: LoadedConfig) {
            self.config = config
            routesJSON = TableJSON.render(config)
            appleAssociation = AssociationFiles.apple(config)
            assetLinks = AssociationFiles.android(config)
        }
    }

    /// - Parameters:
    ///   - store: By default, a store configured from the table's `sessions` section.
    public init(config: LoadedConfig, configPath: String? = nil, store: SessionStore? = nil) {
        self.current = Mutex(Snapshot(config))
        let store =
            store
            ?? SessionStore(
                configuration: SessionStore.Configuration(
                    idleTTL: config.sessions.idleTTL,
                    maxSessions: config.sessions.max
                )
            )
        self.store = store
        self.metrics = Metrics(sessions: { [store] in store.count })
        self.configPath = configPath
    }

    /// The table requests are served from right now.
    public var snapshot: Snapshot { current.withLock { $0 } }
    /// The table's config, read inside the lock: the snapshot itself is neither retained nor released.
    public var config: LoadedConfig { current.withLock { $0.config } }

    /// Reads the config file again; the running table is replaced only when the new one loads
    /// without errors. Session settings that size the store (`idle_ttl`, `max`) keep their start-up values.
    /// - Returns: The new table.
    /// - Throws: ``ConfigError`` (the running table stays).
    @discardableResult
    public func reload() throws(ConfigError) -> LoadedConfig {
        guard let configPath else {
            throw ConfigError(diagnostics: [
                ConfigDiagnostic(
                    .error,
                    "no_config_file",
                    "this engine was started from an in-memory table",
                    at: SourceLocation(file: "-", line: 1, column: 1),
                    hint: "start it with the config file's path (serve --config FILE) to reload it"
                )
            ])
        }
        do {
            let loaded = try ConfigLoader.load(path: configPath)
            replace(with: loaded)
            metrics.recordReload(succeeded: true)
            return loaded
        } catch {
            metrics.recordReload(succeeded: false)
            throw error
        }
    }

    /// Serves `config` from now on.
    public func replace(with config: LoadedConfig) {
        let snapshot = Snapshot(config)
        current.withLock { $0 = snapshot }
    }
}
