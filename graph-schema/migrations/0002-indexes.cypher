// 0002-indexes.cypher — range indexes for the lookups the queries make (snapshot scoping, names, paths, states).

// Every fact carries repoId + snapshotId; retrieval always filters on both.
CREATE INDEX file_repo_snapshot IF NOT EXISTS FOR (n:File) ON (n.repoId, n.snapshotId);
CREATE INDEX file_repo_path IF NOT EXISTS FOR (n:File) ON (n.repoId, n.path);
CREATE INDEX symbol_repo_snapshot IF NOT EXISTS FOR (n:Symbol) ON (n.repoId, n.snapshotId);
CREATE INDEX symbol_name IF NOT EXISTS FOR (n:Symbol) ON (n.name);
CREATE INDEX component_selector IF NOT EXISTS FOR (n:Component) ON (n.selector);
CREATE INDEX usage_repo_snapshot IF NOT EXISTS FOR (n:Usage) ON (n.repoId, n.snapshotId);
CREATE INDEX usage_tag IF NOT EXISTS FOR (n:Usage) ON (n.tag);
CREATE INDEX usage_family IF NOT EXISTS FOR (n:Usage) ON (n.family);
CREATE INDEX route_repo_snapshot IF NOT EXISTS FOR (n:Route) ON (n.repoId, n.snapshotId);
CREATE INDEX route_full_path IF NOT EXISTS FOR (n:Route) ON (n.fullPath);
CREATE INDEX contract_component_tag IF NOT EXISTS FOR (n:ContractComponent) ON (n.tag);
CREATE INDEX endpoint_path IF NOT EXISTS FOR (n:Endpoint) ON (n.path);
CREATE INDEX domain_anchor_path IF NOT EXISTS FOR (n:DomainAnchor) ON (n.repoId, n.path);
CREATE INDEX parse_event_repo_snapshot IF NOT EXISTS FOR (n:ParseEvent) ON (n.repoId, n.snapshotId);
CREATE INDEX snapshot_repo IF NOT EXISTS FOR (n:Snapshot) ON (n.repoId);

// Policy and memory planes: active records for an anchor.
CREATE INDEX policy_status IF NOT EXISTS FOR (n:Policy) ON (n.status);
CREATE INDEX migration_rule_source_tag IF NOT EXISTS FOR (n:MigrationRule) ON (n.sourceTag);
CREATE INDEX memory_state IF NOT EXISTS FOR (n:Memory) ON (n.state);
CREATE INDEX friction_event_code IF NOT EXISTS FOR (n:FrictionEvent) ON (n.code);

// Episodic plane.
CREATE INDEX work_state IF NOT EXISTS FOR (n:Work) ON (n.state);
CREATE INDEX turn_work IF NOT EXISTS FOR (n:Turn) ON (n.workId);
CREATE INDEX reservation_resource IF NOT EXISTS FOR (n:Reservation) ON (n.resource);
