// graphgate 08 — a pack ($packId) as a graph: the pack, its files, and how its files import each other
MATCH inc = (p:ContextPack {id: $packId})-[:INCLUDES]->(f:File)
OPTIONAL MATCH imp = (f)-[:IMPORTS]->(g:File)<-[:INCLUDES]-(p)
RETURN inc, collect(imp) AS imports
LIMIT 400
