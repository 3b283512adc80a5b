import CMath

print(cm_add(1, 2))
