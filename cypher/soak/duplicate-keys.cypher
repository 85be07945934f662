// soak/duplicate-keys.cypher — nodes of the soak's repository sharing a unique key (label + id; an Operation's id is unique per work)
// params: repoId: string   returns: label: string, key: string, copies: number
MATCH (n)
WHERE n.repoId = $repoId AND n.id IS NOT NULL
UNWIND labels(n) AS label
WITH label, CASE WHEN label = 'Operation' THEN n.workId + '|' + n.id ELSE n.id END AS key, count(*) AS copies
WHERE copies > 1
RETURN label, key, copies
ORDER BY copies DESC, label, key
LIMIT 20
